import type { Db } from '../platform/db.ts';
import type { Bus } from '../platform/bus.ts';
import {
  createEventScope,
  runInEventScope,
  settleEventScope,
  withEventTransaction,
  type EventSink,
} from '../notifications/scope.ts';
import {
  JOB_CANCEL_CHANNEL,
  JOBS_CHANNEL,
  claimJob,
  completeJob,
  failJob,
  getJob,
  newWorkerId,
  reapExpiredJobs,
  reapJobsOfDeadWorkers,
  reapJobsOfPreviousProcesses,
  releaseJob,
  renewLeases,
  type JobPayload,
  type JobRow,
} from './queue.ts';
import { sql } from 'drizzle-orm';
import type { Liveness } from './liveness.ts';

/**
 * A worker: claims jobs of the kinds it has handlers for, runs each with an AbortSignal, renews their
 * leases while they run, and records how each ended (done; queued again after a backoff; failed for good
 * with last_error). It wakes on NOTIFY (a job was queued, released or taken back), when a job of its own
 * ends, when the next scheduled job falls due, and otherwise polls slowly in case a notification was lost.
 */

/** What a handler gets. */
export interface JobContext<P = JobPayload> {
  id: number;
  kind: string;
  payload: P;
  userId: string | null;
  /** 1 on the first run; a crashed worker's run counts. */
  attempt: number;
  maxAttempts: number;
  /**
   * Aborted when the job is cancelled, when this worker lost it (its lease ran out and another took it),
   * when its time is up, or when the worker is stopping: the handler should stop soon after, throwing
   * (signal.throwIfAborted()). Whatever it finishes afterwards does not count.
   */
  signal: AbortSignal;
  /**
   * Runs `fn` in one transaction that also marks the job done, so the job's result and its completion
   * commit together or not at all: a job that is no longer this worker's (cancelled, taken back) throws
   * JobLostError before `fn` runs, and nothing of it is written. Events published inside are written in the
   * same transaction (and delivered once it commits); they lock their user's event order until then, so
   * keep `fn` short, and publish inside it for one user. A handler that does not call finish is marked
   * done when it returns.
   */
  finish<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

export type JobHandler<P = JobPayload> = (job: JobContext<P>) => Promise<void>;

/** A job that failed for good (no attempts left, a permanent error, or its worker died on the last attempt). */
export interface FailedJob<P = JobPayload> {
  id: number;
  kind: string;
  payload: P;
  userId: string | null;
  attempts: number;
  error: string;
}

export interface HandlerOptions<P = JobPayload> {
  /** At most this many jobs of the kind at once in one worker. Default: the worker's concurrency. */
  concurrency?: number;
  /** Milliseconds before attempt `attempt + 1` after attempt `attempt` failed. Default: backoff(). */
  backoff?: (attempt: number) => number;
  /** A run taking longer is aborted (JobTimeoutError) and counts as a failed attempt. Default: none. */
  timeoutMs?: number;
  /** Called once when a job of the kind fails for good, e.g. to mark its recording failed and tell the user. */
  onFailed?: (job: FailedJob<P>) => Promise<void>;
}

export interface Registration {
  handler: JobHandler<never>;
  options: HandlerOptions<never>;
}

export type Registry = Map<string, Registration>;

/** Retry delay: 5 s, 10 s, 20 s… capped at 10 minutes, with ±25 % jitter so retries of a burst spread out. */
export function backoff(attempt: number, baseMs = 5000, capMs = 600_000): number {
  const delay = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(delay * (0.75 + Math.random() / 2));
}

/** Thrown by a handler for a failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}
/** The job was cancelled while it ran. */
export class JobCancelledError extends Error {
  override name = 'JobCancelledError';
}
/** The job is no longer this worker's: its lease ran out and another worker took it (or will). */
export class JobLostError extends Error {
  override name = 'JobLostError';
}
/** The handler ran longer than its timeoutMs. */
export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}
/** The worker is stopping; the job goes back to the queue for another worker. */
export class WorkerStoppingError extends Error {
  override name = 'WorkerStoppingError';
}

export interface WorkerSettings {
  /** Jobs run at once. */
  concurrency: number;
  /** Slow poll when no notification comes (ms). */
  pollMs: number;
  /** How long a claim holds a job without a heartbeat (ms); heartbeats renew it every third of that. */
  leaseMs: number;
  /** On stop, how long running jobs may finish before they are aborted and handed back (ms). */
  shutdownGraceMs: number;
  /**
   * How often a worker with a liveness lock looks for running jobs whose worker's process is gone (ms).
   * Default 250.
   */
  livenessPollMs?: number;
}

export interface WorkerOptions extends WorkerSettings {
  db: Db;
  /** Wake-ups and cancels; null means polling only. */
  bus: Bus | null;
  registry: Registry;
  /** Where the events a job publishes go (the app's event store). */
  events?: () => EventSink | undefined;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  id?: string;
  /**
   * PostgreSQL: the advisory lock this worker holds while it lives (liveness.ts). With it, the worker claims
   * only while it holds the lock, and takes back other workers' jobs as soon as their process is gone.
   */
  liveness?: Liveness | null;
  /**
   * The embedded PGlite, which one process owns: at start, running jobs that no worker of this process holds
   * belong to a process that died, and are taken back at once.
   */
  embedded?: boolean;
}

export interface Worker {
  readonly id: string;
  start(): void;
  /** Stops claiming, lets running jobs finish (shutdownGraceMs), then aborts and hands back the rest. */
  stop(): Promise<void>;
  /** Jobs running now in this worker. */
  readonly active: number;
  wake(): void;
}

interface Active {
  job: JobRow;
  controller: AbortController;
  /** Set once the job's completion committed (finish). */
  finished: boolean;
  done: Promise<void>;
}

/** The workers running in this process, per database (PGlite's start-up take-back spares them). */
const liveWorkers = new WeakMap<Db, Set<string>>();

const messageOf = (err: unknown) =>
  err instanceof Error ? `${err.name === 'Error' ? '' : `${err.name}: `}${err.message}` : String(err);

export function createWorker(options: WorkerOptions): Worker {
  const { db, bus, registry, log } = options;
  const liveness = options.liveness ?? null;
  const id = `${options.id ?? newWorkerId()}${liveness ? `#${liveness.key}` : ''}`;
  const active = new Map<number, Active>();
  let stopping = false;
  let started = false;
  let loopDone: Promise<void> = Promise.resolve();
  let woken = false;
  let wakeUp: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | undefined;
  let livenessPoll: NodeJS.Timeout | undefined;
  let lostCheck: NodeJS.Timeout | undefined;
  const unsubscribes: (() => void)[] = [];

  function wake() {
    woken = true;
    wakeUp?.();
  }

  function sleep(ms: number): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  function kindsWithRoom(): string[] {
    const running = new Map<string, number>();
    for (const a of active.values()) running.set(a.job.kind, (running.get(a.job.kind) ?? 0) + 1);
    const kinds: string[] = [];
    for (const [kind, { options: o }] of registry) {
      if ((running.get(kind) ?? 0) < (o.concurrency ?? options.concurrency)) kinds.push(kind);
    }
    return kinds;
  }

  /** Milliseconds until the next queued job of `kinds` falls due (capped by the poll interval). */
  async function untilNextDue(kinds: string[]): Promise<number> {
    if (kinds.length === 0) return options.pollMs;
    const result = await db.execute(sql`
      select extract(epoch from (min(run_at) - now())) * 1000 as ms from jobs
      where state = 'queued' and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`);
    const ms = (result as unknown as { rows: { ms: string | number | null }[] }).rows[0]?.ms;
    if (ms === null || ms === undefined) return options.pollMs;
    return Math.min(options.pollMs, Math.max(0, Number(ms)) + 5);
  }

  let nextReap = 0;
  async function tookBack({ requeued, failed }: { requeued: number; failed: JobRow[] }, why: string) {
    if (requeued > 0) log.warn({ requeued, workerId: id }, `took back jobs: ${why}`);
    for (const job of failed) {
      log.error({ jobId: job.id, kind: job.kind }, 'a job failed for good: its worker stopped on the last attempt');
      await callOnFailed(job, job.lastError ?? 'The worker stopped');
    }
  }
  const reap = async () => tookBack(await reapExpiredJobs(db), 'their lease ran out');

  let checkingLiveness = false;
  async function reapDead() {
    if (checkingLiveness || stopping) return;
    checkingLiveness = true;
    try {
      await tookBack(await reapJobsOfDeadWorkers(db), "their worker's process is gone");
    } catch (err) {
      log.warn({ err, workerId: id }, 'could not look for jobs of dead workers');
    } finally {
      checkingLiveness = false;
    }
  }

  /** PGlite: jobs left running by a previous process of this database go back to the queue at once. */
  async function reapPreviousProcesses() {
    const live = [...(liveWorkers.get(db) ?? [])];
    await tookBack(await reapJobsOfPreviousProcesses(db, live), 'a previous process left them running');
  }

  async function callOnFailed(job: JobRow, error: string) {
    const registration = registry.get(job.kind);
    if (!registration?.options.onFailed) return;
    const failed: FailedJob<never> = {
      id: job.id,
      kind: job.kind,
      payload: job.payload as never,
      userId: job.userId,
      attempts: job.attempts,
      error,
    };
    const sink = options.events?.();
    const scope = sink ? createEventScope(sink) : null;
    try {
      const call = () => registration.options.onFailed!(failed);
      await (scope ? runInEventScope(scope, call) : call());
    } catch (err) {
      log.error({ err, jobId: job.id, kind: job.kind }, 'onFailed of a job failed');
    } finally {
      if (scope) await settleEventScope(scope);
    }
  }

  async function loop() {
    let errors = 0;
    let sweptPrevious = !options.embedded;
    while (!stopping) {
      let wait = options.pollMs;
      try {
        if (!sweptPrevious) {
          await reapPreviousProcesses();
          sweptPrevious = true;
        }
        if (liveness && !liveness.held) {
          // Jobs claimed now would look like a dead worker's: wait for the lock.
          await Promise.race([liveness.ready(), new Promise((r) => setTimeout(r, 250))]);
          continue;
        }
        if (Date.now() >= nextReap) {
          nextReap = Date.now() + Math.max(500, Math.min(options.leaseMs / 2, options.pollMs));
          await reap();
        }
        for (;;) {
          if (stopping) break;
          const kinds = kindsWithRoom();
          if (kinds.length === 0) break;
          const job = await claimJob(db, id, kinds, options.leaseMs);
          if (!job) {
            wait = Math.min(await untilNextDue(kinds), Math.max(0, nextReap - Date.now()));
            break;
          }
          run(job);
        }
        if (kindsWithRoom().length === 0) wait = options.pollMs;
        errors = 0;
      } catch (err) {
        errors += 1;
        wait = Math.min(options.pollMs, 250 * 2 ** Math.min(errors, 5));
        if (!stopping) log.error({ err, workerId: id }, 'the job worker could not reach the database');
      }
      if (!stopping) await sleep(wait);
    }
  }

  async function beat() {
    const holding = [...active.values()].filter((a) => !a.finished && !a.controller.signal.aborted);
    if (holding.length === 0) return;
    let kept: Set<number>;
    try {
      kept = await renewLeases(
        db,
        id,
        holding.map((a) => a.job),
        options.leaseMs,
      );
    } catch (err) {
      log.warn({ err, workerId: id }, 'could not renew job leases');
      return;
    }
    for (const a of holding) {
      if (kept.has(a.job.id) || a.finished) continue;
      const now = await getJob(db, { id: a.job.id }).catch(() => null);
      if (a.finished) continue;
      a.controller.abort(
        now?.state === 'cancelled'
          ? new JobCancelledError(`Job ${a.job.id} was cancelled`)
          : new JobLostError(`Job ${a.job.id} is no longer held by ${id}`),
      );
    }
  }

  function run(job: JobRow) {
    const registration = registry.get(job.kind)!;
    const controller = new AbortController();
    const entry: Active = { job, controller, finished: false, done: Promise.resolve() };
    active.set(job.id, entry);
    const timeout = registration.options.timeoutMs
      ? setTimeout(
          () => controller.abort(new JobTimeoutError(`Ran longer than ${registration.options.timeoutMs} ms`)),
          registration.options.timeoutMs,
        )
      : undefined;
    const sink = options.events?.();
    const scope = sink ? createEventScope(sink) : null;
    const context: JobContext<never> = {
      id: job.id,
      kind: job.kind,
      payload: job.payload as never,
      userId: job.userId,
      attempt: job.attempts,
      maxAttempts: job.maxAttempts,
      signal: controller.signal,
      async finish(fn) {
        controller.signal.throwIfAborted();
        const { result, delivered } = await db.transaction(async (tx) => {
          // The job row is locked and marked done first: a job no longer held writes nothing.
          if (!(await completeJob(tx, job, id))) throw new JobLostError(`Job ${job.id} is no longer held by ${id}`);
          return withEventTransaction(tx, () => fn(tx));
        });
        entry.finished = true;
        await delivered();
        return result;
      },
    };

    entry.done = (async () => {
      try {
        const call = () => registration.handler(context);
        await (scope ? runInEventScope(scope, call) : call());
        if (scope) await settleEventScope(scope);
        if (!entry.finished) {
          entry.finished = await completeJob(db, job, id);
          if (!entry.finished) {
            log.info(
              { jobId: job.id, kind: job.kind },
              'a job ended after it was cancelled or taken back: not counted',
            );
          }
        }
      } catch (err) {
        if (scope) await settleEventScope(scope);
        await ended(job, err, controller.signal);
      } finally {
        clearTimeout(timeout);
        active.delete(job.id);
        wake();
      }
    })();
  }

  async function ended(job: JobRow, err: unknown, signal: AbortSignal) {
    const reason: unknown = signal.aborted ? signal.reason : err;
    if (reason instanceof JobCancelledError || err instanceof JobCancelledError) {
      log.info({ jobId: job.id, kind: job.kind }, 'a running job was cancelled');
      return;
    }
    if (reason instanceof JobLostError || err instanceof JobLostError) {
      log.warn({ jobId: job.id, kind: job.kind }, 'a job was taken back from this worker; its run does not count');
      return;
    }
    try {
      if (reason instanceof WorkerStoppingError) {
        await releaseJob(db, job, id);
        log.info({ jobId: job.id, kind: job.kind }, 'handed a job back: the worker is stopping');
        return;
      }
      const registration = registry.get(job.kind);
      const error = messageOf(reason instanceof JobTimeoutError ? reason : err);
      const retryIn =
        err instanceof PermanentJobError ? null : (registration?.options.backoff ?? backoff)(job.attempts);
      const outcome = await failJob(db, job, id, error, retryIn);
      if (!outcome) return;
      if (outcome.state === 'failed') {
        log.error({ err, jobId: job.id, kind: job.kind, attempts: job.attempts }, 'a job failed for good');
        await callOnFailed({ ...job, state: 'failed', lastError: error }, error);
      } else {
        log.warn(
          { err, jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt: outcome.retryAt },
          'a job failed; it will be tried again',
        );
      }
    } catch (dbErr) {
      // The lease runs out and another worker takes it again.
      log.error({ err: dbErr, jobId: job.id }, 'could not record how a job ended');
    }
  }

  return {
    id,
    get active() {
      return active.size;
    },
    wake,
    start() {
      if (started) return;
      started = true;
      if (bus) {
        unsubscribes.push(
          bus.listen(JOBS_CHANNEL, () => wake()),
          bus.listen(JOB_CANCEL_CHANNEL, (payload) => {
            const a = active.get(Number(payload));
            if (a && !a.finished) a.controller.abort(new JobCancelledError(`Job ${payload} was cancelled`));
          }),
          bus.onReconnect(() => wake()),
        );
      }
      heartbeat = setInterval(() => void beat(), Math.max(50, Math.floor(options.leaseMs / 3)));
      if (options.embedded) {
        let mine = liveWorkers.get(db);
        if (!mine) liveWorkers.set(db, (mine = new Set()));
        mine.add(id);
      }
      if (liveness) {
        liveness.start({
          // Other workers take this worker's jobs back within moments: find out which soon, and stop them.
          onLost: () => {
            clearTimeout(lostCheck);
            lostCheck = setTimeout(() => void beat(), 4 * (options.livenessPollMs ?? 250));
          },
        });
        livenessPoll = setInterval(() => void reapDead(), options.livenessPollMs ?? 250);
      }
      loopDone = loop();
      log.info({ workerId: id, kinds: [...registry.keys()], concurrency: options.concurrency }, 'job worker started');
    },
    async stop() {
      if (!started || stopping) return loopDone;
      stopping = true;
      wake();
      await loopDone;
      const running = () => Promise.all([...active.values()].map((a) => a.done));
      if (active.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([running(), new Promise((r) => (timer = setTimeout(r, options.shutdownGraceMs)))]);
        clearTimeout(timer);
        for (const a of active.values()) a.controller.abort(new WorkerStoppingError('The worker is stopping'));
        // A handler that ignores its signal is left behind: its job is handed back, and its completion
        // will not count.
        await Promise.race([running(), new Promise((r) => setTimeout(r, 2000))]);
        for (const a of active.values()) await releaseJob(db, a.job, id).catch(() => undefined);
      }
      clearInterval(heartbeat);
      clearInterval(livenessPoll);
      clearTimeout(lostCheck);
      // Only now, with nothing held: the lock's release is what tells other workers this one is gone.
      await liveness?.stop();
      liveWorkers.get(db)?.delete(id);
      for (const u of unsubscribes.splice(0)) u();
      log.info({ workerId: id }, 'job worker stopped');
    },
  };
}
