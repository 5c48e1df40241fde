import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { JobState, JsonValue } from '../db/schema.ts';
import { query, type Db } from '../platform/db.ts';

/**
 * The durable job queue: plain SQL over the `jobs` table, the same on PGlite and PostgreSQL. Workers claim
 * with FOR UPDATE SKIP LOCKED (so any number of them never take the same job), hold a lease
 * (locked_until) they renew while working, and give it up by finishing, retrying or failing the job. A job
 * whose lease ran out (its worker died) is queued again by whichever worker notices. Every change a worker
 * makes to a job it holds is guarded by (locked_by, attempts): attempts grows with every claim, so it is a
 * fencing token, and a worker that lost its job can neither finish nor fail it afterwards.
 */

/** Wakes workers (PostgreSQL NOTIFY, delivered on commit; in-process on PGlite): the payload is the kind. */
export const JOBS_CHANNEL = 'timbre_jobs';
/** Tells the worker running a job that it was cancelled: the payload is the job id. */
export const JOB_CANCEL_CHANNEL = 'timbre_job_cancel';

export type JobPayload = { [key: string]: JsonValue };

export interface JobRow {
  id: number;
  kind: string;
  payload: JobPayload;
  state: JobState;
  priority: number;
  runAt: Date;
  attempts: number;
  maxAttempts: number;
  lockedBy: string | null;
  lockedUntil: Date | null;
  lastError: string | null;
  userId: string | null;
  dedupeKey: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface EnqueueOptions {
  /** Whose work it is: queue position and cancel are scoped by it. */
  userId?: string | null;
  /** At most one queued or running job per key: enqueueing again answers the one already there. */
  dedupeKey?: string | null;
  /** Higher runs first. Default 0. */
  priority?: number;
  /** Not before this time. Default now. */
  runAt?: Date;
  /** Attempts before the job fails for good (a crashed worker's attempt counts). Default 3. */
  maxAttempts?: number;
}

export interface Enqueued {
  id: number;
  /** False when a queued or running job with the same dedupeKey was there already (its id is answered). */
  created: boolean;
  state: JobState;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown): Date | null => (v === null || v === undefined ? null : toDate(v));

interface RawJob {
  id: string | number;
  kind: string;
  payload: JobPayload | string;
  state: JobState;
  priority: number;
  run_at: Date | string;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | string | null;
  last_error: string | null;
  user_id: string | null;
  dedupe_key: string | null;
  created_at: Date | string;
  finished_at: Date | string | null;
}

export function toJob(r: RawJob): JobRow {
  return {
    id: Number(r.id),
    kind: r.kind,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as JobPayload) : r.payload,
    state: r.state,
    priority: Number(r.priority),
    runAt: toDate(r.run_at),
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    lockedBy: r.locked_by,
    lockedUntil: toDateOrNull(r.locked_until),
    lastError: r.last_error,
    userId: r.user_id,
    dedupeKey: r.dedupe_key,
    createdAt: toDate(r.created_at),
    finishedAt: toDateOrNull(r.finished_at),
  };
}

const COLUMN_NAMES = [
  'id',
  'kind',
  'payload',
  'state',
  'priority',
  'run_at',
  'attempts',
  'max_attempts',
  'locked_by',
  'locked_until',
  'last_error',
  'user_id',
  'dedupe_key',
  'created_at',
  'finished_at',
];
/** The columns toJob reads, optionally qualified by a table alias. */
const columns = (alias?: string) => sql.raw(COLUMN_NAMES.map((c) => (alias ? `${alias}.${c}` : c)).join(', '));

/** A worker's id: host, process and a random part, so a restarted process never passes for its predecessor. */
export function newWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

const notifyJobs = (db: Db, kind: string) => db.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);

/**
 * Queues a job. Given a transaction, the job exists only if the transaction commits (and workers are woken
 * on commit), so a row and the job that processes it are written together. With a dedupeKey that a queued
 * or running job holds already, nothing is added and that job is answered.
 */
export async function enqueueJob(
  db: Db,
  kind: string,
  payload: JobPayload,
  options: EnqueueOptions = {},
): Promise<Enqueued> {
  const maxAttempts = options.maxAttempts ?? 3;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new RangeError('maxAttempts must be an integer ≥ 1');
  const runAt = options.runAt ? sql`${options.runAt.toISOString()}::timestamptz` : sql`now()`;
  const inserted = await query<{ id: string | number; state: JobState }>(
    db,
    sql`
      insert into jobs (kind, payload, priority, run_at, max_attempts, user_id, dedupe_key)
      values (${kind}, ${JSON.stringify(payload)}::jsonb, ${options.priority ?? 0}, ${runAt}, ${maxAttempts},
        ${options.userId ?? null}, ${options.dedupeKey ?? null})
      on conflict (dedupe_key) where state in ('queued', 'running') do nothing
      returning id, state`,
  );
  if (inserted[0]) {
    await notifyJobs(db, kind);
    return { id: Number(inserted[0].id), created: true, state: inserted[0].state };
  }
  const [existing] = await query<{ id: string | number; state: JobState }>(
    db,
    sql`
      select id, state from jobs where dedupe_key = ${options.dedupeKey ?? null} and state in ('queued', 'running')`,
  );
  // The holder finished between the insert and this read: try once more (it cannot conflict forever).
  if (!existing) return enqueueJob(db, kind, payload, options);
  return { id: Number(existing.id), created: false, state: existing.state };
}

/**
 * Claims the next job due among `kinds` for `workerId`: highest priority first, then the earliest run_at.
 * Rows other workers are claiming are skipped, never waited for. The claim counts as an attempt.
 */
export async function claimJob(db: Db, workerId: string, kinds: string[], leaseMs: number): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const [row] = await query<RawJob>(
    db,
    sql`
      with next as (
        select id from jobs
        where state = 'queued' and run_at <= now() and kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
        order by priority desc, run_at, id
        limit 1
        for update skip locked
      )
      update jobs j set state = 'running', attempts = j.attempts + 1, locked_by = ${workerId},
        locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
      from next where j.id = next.id
      returning ${columns('j')}`,
  );
  return row ? toJob(row) : null;
}

/** The guard on every change a worker makes to a job it holds. */
const held = (job: Pick<JobRow, 'id' | 'attempts'>, workerId: string): SQL =>
  sql`id = ${job.id} and state = 'running' and locked_by = ${workerId} and attempts = ${job.attempts}`;

/**
 * Renews the leases of the jobs `workerId` holds; answers the ids it still holds (a job missing from the
 * answer was cancelled or taken back, and its handler should stop).
 */
export async function renewLeases(
  db: Db,
  workerId: string,
  jobs: Pick<JobRow, 'id' | 'attempts'>[],
  leaseMs: number,
): Promise<Set<number>> {
  if (jobs.length === 0) return new Set();
  const rows = await query<{ id: string | number }>(
    db,
    sql`
      update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
      where state = 'running' and locked_by = ${workerId}
        and (${sql.join(
          jobs.map((j) => sql`(id = ${j.id} and attempts = ${j.attempts})`),
          sql` or `,
        )})
      returning id`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Marks a held job done; false when it is no longer held (cancelled, or taken back after its lease ran out). */
export async function completeJob(db: Db, job: Pick<JobRow, 'id' | 'attempts'>, workerId: string): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`
      update jobs set state = 'done', finished_at = now(), locked_until = null, last_error = null, updated_at = now()
      where ${held(job, workerId)}
      returning id`,
  );
  return rows.length > 0;
}

export interface FailOutcome {
  /** queued = it will be tried again at retryAt; failed = no attempts left (or a permanent error). */
  state: 'queued' | 'failed';
  retryAt: Date | null;
}

/**
 * Records a failed attempt of a held job: queued again `retryInMs` from now while attempts remain (and the
 * error is not permanent), else failed for good. Null when the job is no longer held.
 */
export async function failJob(
  db: Db,
  job: Pick<JobRow, 'id' | 'attempts'>,
  workerId: string,
  error: string,
  retryInMs: number | null,
): Promise<FailOutcome | null> {
  const retry = retryInMs === null ? sql`false` : sql`attempts < max_attempts`;
  const [row] = await query<{ state: 'queued' | 'failed'; run_at: Date | string }>(
    db,
    sql`
      update jobs set
        state = case when ${retry} then 'queued'::job_state else 'failed'::job_state end,
        run_at = case when ${retry} then now() + ${retryInMs ?? 0} * interval '1 millisecond' else run_at end,
        finished_at = case when ${retry} then null else now() end,
        last_error = ${error.slice(0, 4000)}, locked_by = null, locked_until = null, updated_at = now()
      where ${held(job, workerId)}
      returning state, run_at`,
  );
  if (!row) return null;
  return { state: row.state, retryAt: row.state === 'queued' ? toDate(row.run_at) : null };
}

/**
 * Gives a held job back without counting the attempt (the worker is shutting down before it finished): it
 * is queued again at once for any worker.
 */
export async function releaseJob(db: Db, job: Pick<JobRow, 'id' | 'attempts'>, workerId: string): Promise<boolean> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`
      update jobs set state = 'queued', attempts = greatest(attempts - 1, 0), run_at = now(),
        locked_by = null, locked_until = null, updated_at = now()
      where ${held(job, workerId)}
      returning id`,
  );
  if (rows.length > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, 'released')`);
  return rows.length > 0;
}

/**
 * Takes back the running jobs `which` selects (their worker died or hung): queued again when attempts
 * remain — the dead run counts as one —, ahead of the jobs queued after it, else failed with last_error
 * saying why. Answers the jobs that failed
 * for good, so their kind's onFailed can run. Rows another worker is taking back are skipped.
 */
async function takeBackJobs(db: Db, which: SQL, why: SQL): Promise<{ requeued: number; failed: JobRow[] }> {
  const rows = await query<RawJob>(
    db,
    sql`
      with taken as (
        select id from jobs j where j.state = 'running' and (${which})
        order by j.locked_until limit 100
        for update skip locked
      )
      update jobs j set
        state = case when j.attempts < j.max_attempts then 'queued'::job_state else 'failed'::job_state end,
        finished_at = case when j.attempts < j.max_attempts then null else now() end,
        -- Its first place in line, not the back of it: its user has waited already.
        run_at = least(j.run_at, now()),
        last_error = ${why},
        locked_by = null, locked_until = null, updated_at = now()
      from taken where j.id = taken.id
      returning ${columns('j')}`,
  );
  const jobs = rows.map(toJob);
  const requeued = jobs.filter((j) => j.state === 'queued').length;
  if (requeued > 0) await db.execute(sql`select pg_notify(${JOBS_CHANNEL}, 'reaped')`);
  return { requeued, failed: jobs.filter((j) => j.state === 'failed') };
}

/**
 * Takes back running jobs whose lease ran out (their worker died or hung): queued again when attempts
 * remain, else failed with last_error saying so. Answers the jobs that failed for good, so their kind's
 * onFailed can run.
 */
export function reapExpiredJobs(db: Db): Promise<{ requeued: number; failed: JobRow[] }> {
  return takeBackJobs(
    db,
    sql`j.locked_until < now()`,
    sql`'The worker stopped before finishing (lease of ' || coalesce(j.locked_by, '?') || ' expired)'`,
  );
}

/** The end of the id of a worker that holds an advisory lock while it lives (see liveness.ts). */
export const LIVENESS_ID = /#[0-9a-f]{16}$/;

/**
 * Takes back, at once, running jobs whose worker's process is gone (PostgreSQL): their locked_by names an
 * advisory lock (liveness.ts) that no session holds any more, because PostgreSQL ended the dead process's
 * session when its connection closed. Jobs of workers without such a lock are left to their lease.
 */
export function reapJobsOfDeadWorkers(db: Db): Promise<{ requeued: number; failed: JobRow[] }> {
  return takeBackJobs(
    db,
    sql`j.locked_by ~ '#[0-9a-f]{16}$' and not exists (
      select 1 from pg_locks l
      where l.locktype = 'advisory' and l.granted and l.objsubid = 1
        and l.database = (select oid from pg_database where datname = current_database())
        and ((l.classid::int8 << 32) | l.objid::int8) = ('x' || right(j.locked_by, 16))::bit(64)::int8)`,
    sql`'The worker stopped before finishing (' || j.locked_by || ' is gone: its database session ended)'`,
  );
}

/**
 * Takes back running jobs that none of `liveWorkerIds` holds (PGlite, at a worker's start): the embedded
 * database belongs to one process, so such a job is a previous process's, which stopped without handing it
 * back (killed, crashed). Waiting for its lease would only leave the user watching a frozen stage.
 */
export function reapJobsOfPreviousProcesses(
  db: Db,
  liveWorkerIds: string[],
): Promise<{ requeued: number; failed: JobRow[] }> {
  const live = liveWorkerIds.length
    ? sql`j.locked_by not in (${sql.join(
        liveWorkerIds.map((w) => sql`${w}`),
        sql`, `,
      )})`
    : sql`true`;
  return takeBackJobs(
    db,
    sql`(j.locked_by is null or ${live})`,
    sql`'The worker stopped before finishing (' || coalesce(j.locked_by, '?') || ' belonged to a previous process)'`,
  );
}

export type JobSelector = { id: number } | { dedupeKey: string };

const selects = (s: JobSelector): SQL => ('id' in s ? sql`id = ${s.id}` : sql`dedupe_key = ${s.dedupeKey}`);

/**
 * Cancels a queued or running job (scoped to `userId` when given). A queued one never runs; a running
 * one is marked cancelled at once and its worker is told (its handler's AbortSignal fires, and nothing
 * it finishes afterwards counts). Answers the state the job was in, or null when there was nothing to
 * cancel.
 */
export async function cancelJob(
  db: Db,
  selector: JobSelector,
  options: { userId?: string; reason?: string } = {},
): Promise<{ id: number; was: 'queued' | 'running' } | null> {
  const scope = options.userId ? sql` and user_id = ${options.userId}` : sql``;
  const [row] = await query<{ id: string | number; was: 'queued' | 'running' }>(
    db,
    sql`
      with target as (
        select id, state from jobs where ${selects(selector)} and state in ('queued', 'running')${scope}
        order by id desc limit 1
        for update
      )
      update jobs j set state = 'cancelled', finished_at = now(), locked_until = null,
        last_error = ${options.reason ?? 'Cancelled'}, updated_at = now()
      from target where j.id = target.id
      returning j.id, target.state as was`,
  );
  if (!row) return null;
  const id = Number(row.id);
  if (row.was === 'running') await db.execute(sql`select pg_notify(${JOB_CANCEL_CHANNEL}, ${String(id)})`);
  return { id, was: row.was };
}

/** One job by id (scoped to `userId` when given), or by the dedupeKey of a queued or running one. */
export async function getJob(db: Db, selector: JobSelector, options: { userId?: string } = {}): Promise<JobRow | null> {
  const scope = options.userId ? sql` and user_id = ${options.userId}` : sql``;
  const active = 'dedupeKey' in selector ? sql` and state in ('queued', 'running')` : sql``;
  const [row] = await query<RawJob>(
    db,
    sql`select ${columns()} from jobs where ${selects(selector)}${active}${scope} limit 1`,
  );
  return row ? toJob(row) : null;
}

export interface QueuePosition {
  id: number;
  state: JobState;
  /** Queued jobs (of the same kinds) that will be claimed before this one; 0 when it is next or running. */
  ahead: number;
  /** Jobs of the same kinds running now (on every worker). */
  running: number;
  attempts: number;
  runAt: Date;
}

/**
 * Where a job stands in the queue, for an ETA: how many jobs of the same kinds (default: its own kind)
 * will be claimed before it, and how many are running. Scoped to `userId` when given; null when absent.
 */
export async function queuePosition(
  db: Db,
  selector: JobSelector,
  options: { userId?: string; kinds?: string[] } = {},
): Promise<QueuePosition | null> {
  const scope = options.userId ? sql` and j.user_id = ${options.userId}` : sql``;
  const active = 'dedupeKey' in selector ? sql` and j.state in ('queued', 'running')` : sql``;
  const target = 'id' in selector ? sql`j.id = ${selector.id}` : sql`j.dedupe_key = ${selector.dedupeKey}`;
  const sameKinds = (alias: string) =>
    options.kinds?.length
      ? sql`${sql.raw(alias)}.kind in (${sql.join(
          options.kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`
      : sql`${sql.raw(alias)}.kind = j.kind`;
  // Compared with the job's own row in SQL: its run_at has microseconds a JavaScript Date would drop.
  const [row] = await query<{
    id: string | number;
    state: JobState;
    attempts: number;
    run_at: Date | string;
    ahead: string | number;
    running: string | number;
  }>(
    db,
    sql`
      select j.id, j.state, j.attempts, j.run_at,
        (select count(*) from jobs o
          where o.state = 'queued' and ${sameKinds('o')} and o.id <> j.id
            and o.run_at <= greatest(now(), j.run_at)
            and (o.priority > j.priority
              or (o.priority = j.priority and (o.run_at, o.id) < (j.run_at, j.id)))) as ahead,
        (select count(*) from jobs r where r.state = 'running' and ${sameKinds('r')}) as running
      from jobs j where ${target}${active}${scope}
      limit 1`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    state: row.state,
    ahead: row.state === 'queued' ? Number(row.ahead) : 0,
    running: Number(row.running),
    attempts: Number(row.attempts),
    runAt: toDate(row.run_at),
  };
}

/** True when no job (of `kinds`, default all) is running or queued and due: what tests wait for. */
export async function queueIsIdle(db: Db, kinds?: string[]): Promise<boolean> {
  const inKinds = kinds?.length
    ? sql` and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await query<{ busy: boolean }>(
    db,
    sql`
      select exists (
        select 1 from jobs where (state = 'running' or (state = 'queued' and run_at <= now()))${inKinds}
      ) as busy`,
  );
  return !row?.busy;
}

/** Deletes finished jobs (done, failed, cancelled) older than `olderThanMs`; answers how many. */
export async function pruneFinishedJobs(db: Db, olderThanMs: number): Promise<number> {
  const rows = await query<{ id: unknown }>(
    db,
    sql`
      delete from jobs where id in (
        select id from jobs where state in ('done', 'failed', 'cancelled')
          and finished_at < now() - ${olderThanMs} * interval '1 millisecond'
        limit 10000)
      returning id`,
  );
  return rows.length;
}
