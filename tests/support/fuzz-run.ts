// Runs the contract fuzzer (fuzz.ts) against an app built with contractCheck: per operation a fresh
// verified user with a project, a folder, a recording, a note and a calibration (and an admin for the
// admin operations), so generated ids name real rows and the handlers' deeper code runs.
// Shared by tests/contract/fuzz.test.ts and bench/fuzz.ts; it imports nothing from vitest.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Operation } from '../../server/platform/contracts.ts';
import { createSession, SESSION_COOKIE } from '../../server/platform/sessions.ts';
import { sineWav } from './audio.ts';
import { casesFor, type FuzzCase, type FuzzWorld } from './fuzz.ts';

export interface FuzzOutcome {
  case: FuzzCase;
  /** The status answered, or 0 when there was no answer (error or timeout). */
  status: number;
  /** The answer's body (its first 2000 characters), or what went wrong. */
  body: string;
  /** The contract check's findings for this answer (they also turn it into a 500). */
  violations: string[];
  /** How long the answer took. */
  ms: number;
}

export interface FuzzRunOptions {
  seed: number;
  /** Random cases per operation on top of one of each mutation family. */
  extra: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
}

interface Caller {
  userId: string;
  roles: string[];
  headers: Record<string, string>;
}

async function newCaller(app: FastifyInstance, roles: string[]): Promise<Caller> {
  const email = `fuzz-${randomUUID().slice(0, 8)}@example.test`;
  const result = await app.db.execute(sql`
    insert into users (username, email, email_normalized, first_name, last_name, verified, roles)
    values (${email.split('@')[0]}, ${email}, ${email}, 'Fuzz', 'User', true, ${`{${roles.join(',')}}`})
    returning id`);
  const userId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
  const session = await createSession(app.db, userId, 1);
  return {
    userId,
    roles,
    headers: { cookie: `${SESSION_COOKIE}=${session.token}`, 'x-csrf-token': session.csrfToken },
  };
}

async function call(app: FastifyInstance, caller: Caller, method: string, url: string, payload?: object) {
  const res = await app.inject({
    method: method as 'POST',
    url,
    headers: caller.headers,
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`fuzz fixture ${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}

const AUDIO = sineWav({ seconds: 0.3 });

/** A verified user owning one of each resource, and the ids an operation's fields should name. */
async function newWorld(app: FastifyInstance): Promise<{ user: Caller; world: FuzzWorld }> {
  const user = await newCaller(app, ['user']);
  const project = await call(app, user, 'POST', '/api/projects', { name: 'Fuzz project' });
  const folder = await call(app, user, 'POST', '/api/folders', { project_id: project.id, name: 'Fuzz folder' });
  const boundary = 'fuzz-fixture-boundary';
  const form = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${project.id}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="parent_folder_id"\r\n\r\n${folder.id}\r\n` +
        `--${boundary}\r\ncontent-disposition: form-data; name="data"; filename="take.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
    ),
    AUDIO,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploaded = await app.inject({
    method: 'POST',
    url: '/api/recordings',
    headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: form,
  });
  if (uploaded.statusCode !== 200) throw new Error(`fuzz fixture upload: ${uploaded.statusCode} ${uploaded.body}`);
  const recording = (uploaded.json() as { items: { id: string }[] }).items[0]!;
  await call(app, user, 'POST', '/api/notes', { recording_id: recording.id, text: 'Fuzz note' });
  const calibrationId = randomUUID();
  await app.db.execute(sql`
    insert into calibrations (id, owner_id, name, status, duration, pitch_hz, calibrated_at)
    values (${calibrationId}, ${user.userId}, 'Fuzz calibration', 'calibrated', 35, 120, now())`);
  const voices = (await app.db.execute(
    sql`select id from voices where owner_id is null order by id limit 1`,
  )) as unknown as {
    rows: { id: string }[];
  };
  const voiceId = voices.rows[0]?.id ?? randomUUID();
  const byName: Record<string, string> = {
    project_id: project.id,
    folder_id: folder.id,
    parent_folder_id: folder.id,
    parent_id: folder.id,
    original_id: recording.id,
    recording_id: recording.id,
    owner: user.userId,
    owner_id: user.userId,
    user_id: user.userId,
    userId: user.userId,
    voice_id: voiceId,
  };
  // A bare id (path {id}, body ids) names the resource of the operation's path.
  const byPath: [RegExp, string][] = [
    [/calibration/, calibrationId],
    [/voices/, voiceId],
    [/users|trust|owners/, user.userId],
    [/projects/, project.id],
    [/folders/, folder.id],
    [/recordings|orders|notes/, recording.id],
  ];
  const world: FuzzWorld = {
    audio: AUDIO,
    idFor(op: Operation, name: string) {
      const key = name.replace(/_ids$/, '_id');
      if (byName[key]) return byName[key];
      if (key === 'id' || key === 'ids') return byPath.find(([re]) => re.test(op.path))?.[1];
      return undefined;
    },
  };
  return { user, world };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Sends every case of one operation; the app must have been built with contractCheck. */
export async function fuzzOperation(
  app: FastifyInstance,
  op: Operation,
  options: FuzzRunOptions,
): Promise<FuzzOutcome[]> {
  const { user, world } = await newWorld(app);
  const cases = casesFor(op, world, { seed: options.seed, extra: options.extra });
  let signedIn = user;
  const outcomes: FuzzOutcome[] = [];
  for (const c of cases) {
    const headers = { ...(c.as === 'signed-in' ? signedIn.headers : {}), ...c.headers };
    const before = app.contractViolations?.length ?? 0;
    let outcome: FuzzOutcome;
    const started = performance.now();
    try {
      const res = await withTimeout(
        app.inject({
          method: c.method,
          url: c.url,
          headers,
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        }),
        options.timeoutMs ?? 15_000,
      );
      outcome = { case: c, status: res.statusCode, body: res.body.slice(0, 2000), violations: [], ms: 0 };
    } catch (err) {
      outcome = { case: c, status: 0, body: (err as Error).message, violations: [], ms: 0 };
    }
    outcome.ms = Math.round(performance.now() - started);
    outcome.violations = (app.contractViolations?.slice(before) ?? []).map((v) => `${v.status}: ${v.problem}`);
    outcomes.push(outcome);
    // Operations for admins only: once the user is refused (403, not for CSRF), the rest goes as an admin
    // (whatever the refusal's wording; an admin is also a verified user, so nothing is lost elsewhere).
    if (c.as === 'signed-in' && signedIn === user && outcome.status === 403 && !/CSRF/.test(outcome.body)) {
      signedIn = await newCaller(app, ['user', 'admin']);
    } else if (c.as === 'signed-in' && outcome.status === 429) {
      // A per-user rate limit (feedback, TTS) would answer every later case: go on as another caller.
      signedIn = await newCaller(app, signedIn.roles);
    }
  }
  return outcomes;
}

/** An outcome the fuzzer counts as a failure: a 5xx, no answer, or an answer that broke the contract. */
export function failed(outcome: FuzzOutcome): boolean {
  // An operation not built yet answers 501 by design (server/platform/operations.ts), declared as its default.
  if (outcome.status === 501 && outcome.body.includes(`Not implemented: ${outcome.case.operationId}`)) return false;
  if (outcome.status === 0 || outcome.status >= 500 || outcome.violations.length > 0) return true;
  // Every refusal says why, in JSON, whether or not it reached an operation (a malformed path does not).
  return outcome.status >= 400 && !hasDetail(outcome.body);
}

function hasDetail(body: string): boolean {
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    return (typeof detail === 'string' && detail.length > 0) || (!!detail && typeof detail === 'object');
  } catch {
    return false;
  }
}

/** One line per failure, enough to see the case and replay it (seed + operationId + index). */
export function describeFailure(outcome: FuzzOutcome): string {
  const c = outcome.case;
  const payload =
    c.payload === undefined
      ? ''
      : ` payload=${JSON.stringify(String(c.payload).slice(0, 160))}${String(c.payload).length > 160 ? '…' : ''}`;
  return (
    `${c.operationId}#${c.index} [${c.kind}] as ${c.as}: ${c.method} ${c.url.slice(0, 200)}${payload}` +
    ` → ${outcome.status || 'no answer'} ${outcome.body.slice(0, 200)}` +
    (outcome.violations.length ? ` (contract: ${outcome.violations.join('; ')})` : '')
  );
}
