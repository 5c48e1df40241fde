import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../server/platform/sessions.ts';
import { pcmWav, syntheticVoice } from './audio.ts';
import { startLocalS3, type LocalS3 } from './s3.ts';

/**
 * The scale-out run (`npm run bench -- scale`, and a shorter one in tests/contract/scale.test.ts): two API
 * processes (server/main.ts, WORKER=off) and two job workers (server/worker.ts) on one PostgreSQL database
 * with S3-compatible storage (s3rver), and simulated users, each signing up, verifying the e-mail from the
 * outbox, starting the trial, uploading a short WAV and ordering conversions one after another, waiting for
 * each live on /ws and downloading it through its signed link — spread over both API processes, while one
 * worker and one API process are SIGKILLed and restarted mid-run. Clients retry what is safe to retry
 * (idempotent calls; any call whose connection was refused; a socket that closed) and, after an
 * interrupted write, look before writing again. At the end the database and the bucket are checked:
 * ordered == finished, no duplicate result, charge or event, no orphan file or half-written row.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'Sup3r-secret';

export interface ScaleOptions {
  /** PostgreSQL connection string of an empty (or migrated) database that the run owns. */
  databaseUrl: string;
  /** Simulated users. */
  users: number;
  /** Conversions per user, one after another (each of its own upload). */
  loops: number;
  /** Length of each uploaded WAV (seconds, under the trial's 30). */
  clipSeconds: number;
  /** Users start spread over this many milliseconds. */
  rampMs: number;
  /** Kill a worker once this share of all conversions has been ordered (and it is converting). Default 0.3. */
  killWorkerAt?: number;
  /** Kill an API process once this share of all conversions has been ordered. Default 0.5. */
  killApiAt?: number;
  /** How long a killed process stays down before it is started again (ms). Default 1000. */
  downMs?: number;
  /** More environment for every process. */
  env?: Record<string, string>;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Where the processes' logs go; default a temporary folder that is removed afterwards. */
  logDir?: string;
}

export interface ScaleFigures {
  users: number;
  usersCompleted: number;
  requests: number;
  /** Calls that failed on a connection error and succeeded when tried again (or were reconciled). */
  retried: number;
  /** Socket re-connections after a close the client did not ask for. */
  socketReconnects: number;
  /** What clients saw go wrong after their retries (goal: none). */
  clientErrors: string[];
  /** Conversions the clients ordered (202) and the database holds. */
  ordered: number;
  /** Conversions the clients saw finished (conversion.finished, done) and downloaded. */
  finishedSeen: number;
  /** Conversions the database holds as done. */
  finishedInDb: number;
  /** Conversions whose result, charge, finished event or completed job exists more than once. */
  duplicates: { results: number; charges: number; events: number; jobs: number };
  /** What a killed process left in the bucket without a files row, before the storage sweep ran. */
  orphanObjectsBeforeSweep: string[];
  /** After the storage sweep: objects without a files row, files rows without an object, unfinished rows. */
  orphans: { objects: string[]; rows: string[]; halfWritten: string[] };
  /** Order → conversion.finished at the client (ms). */
  orderToFinished: { median: number; p99: number; max: number };
  /** From the worker's SIGKILL until its conversion was queued again (ms); null when none was running. */
  workerDetectedMs: number | null;
  /** From the worker's SIGKILL until another worker was converting it again (ms). */
  workerResumedMs: number | null;
  killedWorker: boolean;
  killedApi: boolean;
  /** Lines at level error (or worse) in the processes' logs. */
  serverErrors: string[];
  durationMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]! : NaN;

// ------------------------------------------------------------------------------------------- processes

interface Proc {
  name: string;
  role: 'api' | 'worker';
  port?: number;
  child: ChildProcess | null;
  start(): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

function processOf(
  name: string,
  role: 'api' | 'worker',
  env: Record<string, string>,
  logDir: string,
  errors: string[],
  port?: number,
): Proc {
  const entry = path.join(root, role === 'api' ? 'server/main.ts' : 'server/worker.ts');
  const proc: Proc = {
    name,
    role,
    ...(port ? { port } : {}),
    child: null,
    async start() {
      const log = createWriteStream(path.join(logDir, `${name}.log`), { flags: 'a' });
      const child = spawn(process.execPath, [entry], {
        cwd: root,
        env: { ...process.env, ...env, ...(port ? { PORT: String(port), HOST: '127.0.0.1' } : {}) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      proc.child = child;
      let out = '';
      const scan = (d: Buffer) => {
        log.write(d);
        out += d.toString();
        const lines = out.split('\n');
        out = lines.pop()!;
        for (const line of lines) {
          // pino: level 50 error, 60 fatal.
          if (/"level":(5|6)0/.test(line) || /^\s*(Error|TypeError|RangeError)\b/.test(line)) {
            errors.push(`${name}: ${line.slice(0, 400)}`);
          }
        }
      };
      child.stdout!.on('data', scan);
      child.stderr!.on('data', scan);
      child.once('exit', () => log.end());
      const exited = new Promise<never>((_, reject) =>
        child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) while starting`))),
      );
      exited.catch(() => undefined);
      if (role === 'worker') {
        await Promise.race([
          exited,
          new Promise<void>((resolve) => {
            let seen = '';
            child.stdout!.on('data', (d: Buffer) => {
              seen += d.toString();
              if (/worker .* is running/.test(seen)) resolve();
            });
          }),
        ]);
        return;
      }
      const until = Date.now() + 120_000;
      for (;;) {
        if (child.exitCode !== null || child.signalCode !== null) await exited;
        const ok = await fetch(`http://127.0.0.1:${port}/readyz`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) return;
        if (Date.now() > until) throw new Error(`${name} was not ready within 120 s`);
        await sleep(100);
      }
    },
    async kill() {
      const child = proc.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      const child = proc.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
  return proc;
}

// ------------------------------------------------------------------------------------------- clients

/** A failure the client gives up on (after retries): counted as an error seen by a user. */
class ClientError extends Error {}
/** A write whose connection broke after it was sent: it may or may not have happened. */
class Interrupted extends Error {}

interface Counters {
  requests: number;
  retried: number;
  socketReconnects: number;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
  bytes?: Buffer;
}

const connectionRefused = (err: unknown) => {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED';
};

/** One user's HTTP client: round-robin over the API processes, with its session. */
class Client {
  cookie = '';
  csrf = '';
  private turn: number;
  private readonly bases: string[];
  private readonly counters: Counters;
  constructor(bases: string[], counters: Counters, start: number) {
    this.bases = bases;
    this.counters = counters;
    this.turn = start;
  }

  base(): string {
    const base = this.bases[this.turn % this.bases.length]!;
    this.turn += 1;
    return base;
  }

  /**
   * One call. A refused connection is tried again on the next process whatever the method (nothing was
   * sent); a broken one only for an idempotent call — a write answers Interrupted instead, for the caller
   * to look before writing again.
   */
  async call(
    method: string,
    url: string,
    init: { json?: unknown; body?: Buffer; contentType?: string; idempotent?: boolean; raw?: boolean } = {},
  ): Promise<Answer> {
    const idempotent = init.idempotent ?? (method === 'GET' || method === 'HEAD');
    const deadline = Date.now() + 60_000;
    let attempt = 0;
    for (;;) {
      const headers: Record<string, string> = {};
      if (this.cookie) headers.cookie = this.cookie;
      if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
      let body: string | Buffer | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.body) {
        headers['content-type'] = init.contentType!;
        body = init.body;
      }
      this.counters.requests += 1;
      try {
        const res = await fetch(`${this.base()}${url}`, {
          method,
          headers,
          ...(body !== undefined ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
          signal: AbortSignal.timeout(60_000),
        });
        if (init.raw && res.ok) {
          const bytes = Buffer.from(await res.arrayBuffer());
          if (attempt > 0) this.counters.retried += 1;
          return { status: res.status, body: null, headers: res.headers, bytes };
        }
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : null;
        } catch {
          // not JSON
        }
        if (attempt > 0) this.counters.retried += 1;
        return { status: res.status, body: parsed, headers: res.headers };
      } catch (err) {
        attempt += 1;
        const refused = connectionRefused(err);
        if (!refused && !idempotent) {
          this.counters.retried += 1;
          throw new Interrupted(`${method} ${url}: ${(err as Error).message}`);
        }
        if (Date.now() > deadline) throw new ClientError(`${method} ${url}: ${(err as Error).message} (gave up)`);
        await sleep(Math.min(1000, 50 * attempt));
      }
    }
  }

  /** A call that must answer `expected`; anything else is an error the user sees. */
  async expect(
    expected: number | number[],
    method: string,
    url: string,
    init: Parameters<Client['call']>[2] = {},
  ): Promise<Answer> {
    const res = await this.call(method, url, init);
    const ok = Array.isArray(expected) ? expected.includes(res.status) : res.status === expected;
    if (!ok)
      throw new ClientError(`${method} ${url.split('?')[0]} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  }
}

interface LiveEvent {
  id: number;
  type: string;
  data: { recording?: { id: string; state: string; url: string | null; size: number } };
}

/** A user's /ws: replays from the last event it saw after every re-connection (to either API process). */
class Events {
  private ws: WebSocket | null = null;
  private lastId = 0;
  private closed = false;
  private listeners = new Set<(e: LiveEvent) => void>();
  readonly seen = new Map<string, number>();
  private failure: Error | null = null;
  private ready: Promise<void> = Promise.resolve();

  private readonly client: Client;
  private readonly counters: Counters;
  constructor(client: Client, counters: Counters) {
    this.client = client;
    this.counters = counters;
  }

  open(): Promise<void> {
    this.ready = this.connect(0);
    return this.ready;
  }

  private connect(attempt: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const base = this.client.base().replace(/^http/, 'ws');
      const ws = new WebSocket(`${base}/ws?last_event_id=${this.lastId}`, { headers: { cookie: this.client.cookie } });
      this.ws = ws;
      let isReady = false;
      const retry = () => {
        if (this.closed) return;
        if (attempt > 200) {
          this.failure = new ClientError('the socket could not re-connect');
          reject(this.failure);
          return;
        }
        this.counters.socketReconnects += 1;
        setTimeout(() => this.connect(attempt + 1).then(resolve, reject), Math.min(1000, 50 * (attempt + 1)));
      };
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as LiveEvent & { type: string };
        if (m.type === 'ready') {
          isReady = true;
          resolve();
          return;
        }
        if (typeof m.id === 'number') {
          if (m.id <= this.lastId) return;
          this.lastId = m.id;
        }
        if (m.type === 'conversion.finished' && m.data.recording) {
          const rid = m.data.recording.id;
          this.seen.set(rid, (this.seen.get(rid) ?? 0) + 1);
        }
        for (const l of this.listeners) l(m);
      });
      ws.on('unexpected-response', (_req, res) => {
        ws.terminate();
        if (res.statusCode === 401 || res.statusCode === 403) {
          this.failure = new ClientError(`/ws refused with ${res.statusCode}`);
          reject(this.failure);
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', (code) => {
        if (this.ws !== ws || this.closed) return;
        if (code === 4401) {
          this.failure = new ClientError('/ws closed: the session ended');
          if (!isReady) reject(this.failure);
          return;
        }
        // Killed server (1006), stopping (1001), resync (1012): resume on the next process.
        if (isReady) void this.connect(0).catch(() => undefined);
        else retry();
      });
    });
  }

  /** The conversion.finished event of recording `id` (done or error), however many re-connections it takes. */
  finished(id: string, timeoutMs: number): Promise<LiveEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(new ClientError(`no conversion.finished for ${id} within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (e: LiveEvent) => {
        if (e.type === 'conversion.finished' && e.data.recording?.id === id) {
          clearTimeout(timer);
          this.listeners.delete(listener);
          resolve(e);
        }
      };
      this.listeners.add(listener);
    });
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }
}

/** One poller of /dev/mail.json for every waiting user (as a mailbox would). */
class Mailbox {
  private waiting = new Map<string, (link: string) => void>();
  private running = false;
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  verificationLink(to: string, timeoutMs = 60_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(to);
        reject(new ClientError(`no verification e-mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiting.set(to, (link) => {
        clearTimeout(timer);
        resolve(link);
      });
      if (!this.running) void this.poll();
    });
  }

  private async poll() {
    this.running = true;
    while (this.waiting.size > 0) {
      const res = await this.client.call('GET', '/dev/mail.json').catch(() => null);
      if (res?.status === 200) {
        for (const mail of res.body as { to: string; links: string[] }[]) {
          const done = this.waiting.get(mail.to);
          const link = mail.links.find((l) => new URL(l).pathname.startsWith('/verify/email/'));
          if (done && link) {
            this.waiting.delete(mail.to);
            done(link);
          }
        }
      }
      await sleep(300);
    }
    this.running = false;
  }
}

function uploadBody(fields: Record<string, string>, fileName: string, wav: Buffer) {
  const boundary = `----scale-${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return {
    body: Buffer.concat([
      Buffer.from(
        `${head}--${boundary}\r\ncontent-disposition: form-data; name="data"; filename="${fileName}"\r\n` +
          'content-type: audio/wav\r\n\r\n',
      ),
      wav,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Run {
  counters: Counters;
  ordered: number;
  finished: number;
  latencies: number[];
  clientErrors: string[];
  orderedIds: Set<string>;
}

interface Recording {
  id: string;
  type: string;
  file_name: string;
  original_id: string | null;
  voice_id: string | null;
  state: string;
}

/** One simulated user, start to end. */
async function user(
  n: number,
  bases: string[],
  mailbox: Mailbox,
  run: Run,
  options: ScaleOptions,
  wav: Buffer,
): Promise<boolean> {
  const client = new Client(bases, run.counters, n);
  const email = `scale.${n}.${randomUUID().slice(0, 8)}@example.test`;
  let events: Events | null = null;
  try {
    // Sign up. After an interrupted sign-up the account may or may not exist: log in, or sign up again.
    let signedUp: Answer | null = null;
    for (let tries = 0; !signedUp; tries += 1) {
      let exists = false;
      try {
        const res = await client.expect([201, 409], 'POST', '/api/v3/signup', {
          json: { first_name: 'Scale', last_name: 'Lovelace', email, password: PASSWORD, captcha_token: 'scale' },
        });
        if (res.status === 201) signedUp = res;
        else exists = true;
      } catch (err) {
        if (!(err instanceof Interrupted) || tries > 5) throw err;
        exists = true;
      }
      if (exists) {
        const login = await client.call('POST', '/api/v3/login', {
          json: { email, password: PASSWORD },
          idempotent: true,
        });
        if (login.status === 200) signedUp = login;
        else if (login.status !== 401 || tries > 5) {
          throw new ClientError(`POST /api/v3/login answered ${login.status}: ${JSON.stringify(login.body)}`);
        }
      }
    }
    const session = signedUp.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    if (!session) throw new ClientError('no session cookie after sign-up');
    client.cookie = session.split(';')[0]!;
    client.csrf = (signedUp.body as { csrf_token: string }).csrf_token;

    // The e-mail link, before anything else. A sign-up whose process died before the e-mail went out
    // leaves the account without it: the user asks for it again, as /unverified offers, and asks once more if
    // the process that took that request died too (seen: four users whose resend met the killed API process).
    // Three asks and the sign-up's own e-mail stay within RATE_LIMIT_MAIL's 5 an hour.
    let sent: string | undefined;
    try {
      sent = await mailbox.verificationLink(email, 15_000);
    } catch (err) {
      if (!(err instanceof ClientError)) throw err;
    }
    for (let ask = 1; sent === undefined; ask++) {
      run.counters.retried += 1;
      await client.expect([200, 409], 'POST', '/api/v3/user/resend-verify-email/').catch((e: unknown) => {
        if (!(e instanceof Interrupted)) throw e;
      });
      try {
        sent = await mailbox.verificationLink(email, ask < 3 ? 20_000 : 60_000);
      } catch (err) {
        if (!(err instanceof ClientError) || ask >= 3) throw err;
      }
    }
    const link = new URL(sent);
    const [, , , userId, token] = link.pathname.split('/');
    await client.expect(
      200,
      'GET',
      `/api/v3/user/verify-email?user_id=${userId}&verification_id=${encodeURIComponent(token!)}`,
    );
    // Starting twice answers 409 (the trial is used): the first one counted.
    await client.expect([200, 409], 'POST', '/api/v3/start-trial', { json: {}, idempotent: true });

    const voices = (
      (await client.expect(200, 'GET', '/api/v2/voices?limit=50')).body as {
        items: { id: string; available: boolean; cost_multiplier: number }[];
      }
    ).items.filter((v) => v.available && v.cost_multiplier <= 1);
    if (voices.length === 0) throw new ClientError('no voice available on the trial');

    const projectName = `Scale ${n} ${randomUUID().slice(0, 6)}`;
    const project = await createOnce(client, '/api/projects', { name: projectName }, async () =>
      (
        (await client.expect(200, 'GET', `/api/projects/search?search=${encodeURIComponent(projectName)}`)).body as {
          items: { id: string; name: string }[];
        }
      ).items.find((p) => p.name === projectName),
    );
    const folder = await createOnce(client, '/api/folders', { project_id: project.id, name: 'Takes' }, async () =>
      (
        (await client.expect(200, 'GET', `/api/folders/search?project_id=${project.id}&search=Takes`)).body as {
          items: { id: string; name: string }[];
        }
      ).items.find((f) => f.name === 'Takes'),
    );
    const listFolder = async () =>
      (await client.expect(200, 'GET', `/api/recordings?folder_id=${folder.id}`)).body as { items: Recording[] };

    events = new Events(client, run.counters);
    await events.open();

    for (let loop = 0; loop < options.loops; loop += 1) {
      const fileName = `take-${loop}.wav`;
      const form = uploadBody({ project_id: project.id, parent_folder_id: folder.id }, fileName, wav);
      let originalId: string | undefined;
      for (let tries = 0; !originalId; tries += 1) {
        try {
          const res = await client.expect(200, 'POST', '/api/recordings', form);
          originalId = (res.body as { items: { id: string }[] }).items[0]!.id;
        } catch (err) {
          if (!(err instanceof Interrupted) || tries > 5) throw err;
          originalId = (await listFolder()).items.find((r) => r.type === 'original' && r.file_name === fileName)?.id;
        }
      }
      const voice = voices[(n + loop) % voices.length]!;
      const orderedAt = performance.now();
      let conversionId: string | undefined;
      for (let tries = 0; !conversionId; tries += 1) {
        try {
          const res = await client.expect(202, 'POST', '/api/v2/orders', {
            json: { original_id: originalId, conversions: [{ voice_id: voice.id }] },
          });
          conversionId = (res.body as { conversions: { id: string }[] }).conversions[0]!.id;
        } catch (err) {
          if (!(err instanceof Interrupted) || tries > 5) throw err;
          conversionId = (await listFolder()).items.find(
            (r) => r.type === 'conversion' && r.original_id === originalId,
          )?.id;
        }
      }
      run.ordered += 1;
      run.orderedIds.add(conversionId);
      const finished = await events.finished(conversionId, 300_000);
      const recording = finished.data.recording!;
      if (recording.state !== 'done' || !recording.url) {
        throw new ClientError(`conversion ${conversionId} finished ${recording.state}`);
      }
      run.latencies.push(performance.now() - orderedAt);
      const download = await client.call('GET', recording.url, { raw: true });
      if (download.status !== 200 || !download.bytes) {
        throw new ClientError(`downloading conversion ${conversionId} answered ${download.status}`);
      }
      if (download.bytes.length !== recording.size || download.bytes.subarray(0, 4).toString() !== 'RIFF') {
        throw new ClientError(
          `conversion ${conversionId} downloaded ${download.bytes.length} of ${recording.size} bytes`,
        );
      }
      run.finished += 1;
    }
    return true;
  } catch (err) {
    run.clientErrors.push(`user ${n}: ${err instanceof Error ? err.message : String(err)}`);
    return false;
  } finally {
    events?.close();
  }
}

/** POST `url` once: after an interrupted call, `find` looks for what it may have created before trying again. */
async function createOnce<T>(client: Client, url: string, json: unknown, find: () => Promise<T | undefined>) {
  for (let tries = 0; ; tries += 1) {
    try {
      return (await client.expect(201, 'POST', url, { json })).body as T;
    } catch (err) {
      if (!(err instanceof Interrupted) || tries > 5) throw err;
      const found = await find();
      if (found) return found;
    }
  }
}

// ------------------------------------------------------------------------------------------- the run

export async function runScale(options: ScaleOptions): Promise<ScaleFigures> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const ownLogDir = !options.logDir;
  const logDir = options.logDir ?? (await mkdtemp(path.join(os.tmpdir(), 'timbre-scale-logs-')));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-scale-data-'));
  const serverErrors: string[] = [];
  let s3: LocalS3 | null = null;
  const procs: Proc[] = [];
  const db = new pg.Client({ connectionString: options.databaseUrl });
  try {
    s3 = await startLocalS3('timbre-scale');
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      FILE_URL_SECRET: randomBytes(32).toString('hex'),
      ADMIN_PASSWORD: 'Adm1n-secret!',
      // Every simulated user comes from 127.0.0.1.
      RATE_LIMIT_SIGNUP_IP: '1000000/3600',
      RATE_LIMIT_LOGIN_IP: '1000000/900',
      RATE_LIMIT_MAIL_IP: '1000000/3600',
      WORKER_SHUTDOWN_GRACE_MS: '5000',
      ...s3.env,
      ...options.env,
    };
    const ports = [await freePort(), await freePort()];
    const apis = ports.map((port, i) =>
      processOf(
        `api-${i + 1}`,
        'api',
        { ...env, WORKER: 'off', PUBLIC_URL: `http://127.0.0.1:${port}` },
        logDir,
        serverErrors,
        port,
      ),
    );
    const workers = [1, 2].map((i) => processOf(`worker-${i}`, 'worker', env, logDir, serverErrors));
    procs.push(...apis, ...workers);
    // The first process migrates and seeds; the others start on the result.
    await apis[0]!.start();
    await Promise.all([apis[1]!.start(), ...workers.map((w) => w.start())]);
    await db.connect();
    // A fresh database renders the voices' demos first (the workers' first minutes): let them finish, so
    // the users meet a warmed-up service.
    const demosUntil = Date.now() + 300_000;
    while (Date.now() < demosUntil) {
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from jobs where kind <> 'convert' and state in ('queued', 'running') and run_at <= now()`,
      );
      if (Number(rows[0]!.n) === 0) break;
      await sleep(500);
    }
    log(`2 API processes (ports ${ports.join(', ')}) and 2 workers are up; logs in ${logDir}`);

    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    const run: Run = {
      counters: { requests: 0, retried: 0, socketReconnects: 0 },
      ordered: 0,
      finished: 0,
      latencies: [],
      clientErrors: [],
      orderedIds: new Set(),
    };
    const total = options.users * options.loops;
    const wav = pcmWav([syntheticVoice({ seconds: options.clipSeconds, f0: 150, sampleRate: 48000 })], 48000);
    const mailbox = new Mailbox(new Client(bases, run.counters, 0));

    // The kills, as the run goes.
    let killedWorker = false;
    let killedApi = false;
    let workerDetectedMs: number | null = null;
    let workerResumedMs: number | null = null;
    let running = true;
    const workerAt = Math.ceil(total * (options.killWorkerAt ?? 0.3));
    const apiAt = Math.ceil(total * (options.killApiAt ?? 0.5));
    const killWorker = (async () => {
      while (running && !killedWorker) {
        await sleep(50);
        if (run.ordered >= workerAt) {
          const { rows } = await db.query<{ id: string; locked_by: string }>(
            `select id, locked_by from jobs where kind = 'convert' and state = 'running'`,
          );
          const victim = workers.find((w) => rows.some((r) => r.locked_by.includes(`:${w.child?.pid}:`)));
          if (!victim) continue;
          const pid = victim.child!.pid!;
          const held = rows.filter((r) => r.locked_by.includes(`:${pid}:`)).map((r) => r.id);
          killedWorker = true;
          const killedAt = performance.now();
          await victim.kill();
          log(`SIGKILLed ${victim.name} (pid ${pid}) while it converted job ${held.join(', ')}`);
          void (async () => {
            const until = performance.now() + 120_000;
            while (performance.now() < until && (workerDetectedMs === null || workerResumedMs === null)) {
              const { rows: now } = await db.query<{ state: string; locked_by: string | null }>(
                'select state, locked_by from jobs where id = any($1::bigint[])',
                [held],
              );
              const gone = now.every((j) => !j.locked_by?.includes(`:${pid}:`));
              if (gone && workerDetectedMs === null) workerDetectedMs = performance.now() - killedAt;
              if (gone && now.every((j) => j.state !== 'queued') && workerResumedMs === null) {
                workerResumedMs = performance.now() - killedAt;
              }
              await sleep(10);
            }
            log(
              `the killed worker's job was queued again after ${Math.round(workerDetectedMs ?? NaN)} ms and ` +
                `resumed after ${Math.round(workerResumedMs ?? NaN)} ms`,
            );
          })();
          await sleep(options.downMs ?? 1000);
          await victim.start();
          log(`${victim.name} is back`);
        }
      }
    })();
    const killApi = (async () => {
      while (running && !killedApi) {
        await sleep(50);
        if (run.ordered >= apiAt) {
          killedApi = true;
          const victim = apis[1]!;
          await victim.kill();
          log(`SIGKILLed ${victim.name} (port ${victim.port})`);
          await sleep(options.downMs ?? 1000);
          await victim.start();
          log(`${victim.name} is back`);
        }
      }
    })();

    const progress = setInterval(() => {
      log(
        `${Math.round((performance.now() - started) / 1000)} s: ordered ${run.ordered}/${total}, ` +
          `finished ${run.finished}, requests ${run.counters.requests}, errors ${run.clientErrors.length}`,
      );
    }, 10_000);
    const results = await Promise.all(
      Array.from({ length: options.users }, async (_, n) => {
        await sleep((options.rampMs * n) / options.users);
        return user(n, bases, mailbox, run, options, wav);
      }),
    );
    clearInterval(progress);
    running = false;
    await Promise.all([killWorker, killApi]);
    log(`every user is done: ordered ${run.ordered}, finished ${run.finished}, errors ${run.clientErrors.length}`);

    // Let anything still in the queue end (nothing should be), then look at what is stored.
    const settleUntil = Date.now() + 60_000;
    while (Date.now() < settleUntil) {
      const { rows } = await db.query<{ n: string }>(
        `select count(*) as n from jobs where kind = 'convert' and state in ('queued', 'running')`,
      );
      if (Number(rows[0]!.n) === 0) break;
      await sleep(200);
    }
    // What a killed process left behind (e.g. an upload's files stored before its rows committed), then
    // what is left once the servers' own housekeeping (the hourly storage.sweep job) has run, without its
    // hour of grace: nothing is in flight any more.
    const before = await inspect(db, s3, run);
    const { rows: sweep } = await db.query<{ id: string }>(`
      insert into jobs (kind, payload, dedupe_key) values ('storage.sweep', '{"slot": "scale-run", "olderThanMs": 0}',
        'storage.sweep:scale-run') returning id`);
    await db.query(`select pg_notify('timbre_jobs', 'storage.sweep')`);
    const sweepUntil = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ state: string }>('select state from jobs where id = $1', [sweep[0]!.id]);
      if (rows[0]?.state === 'done') break;
      if (Date.now() > sweepUntil || rows[0]?.state === 'failed') throw new Error('the storage sweep did not run');
      await sleep(100);
    }
    const figures = await inspect(db, s3, run);
    if (before.orphans.objects.length) {
      log(`orphan files before the sweep: ${before.orphans.objects.join(', ')}`);
    }
    return {
      users: options.users,
      usersCompleted: results.filter(Boolean).length,
      requests: run.counters.requests,
      retried: run.counters.retried,
      socketReconnects: run.counters.socketReconnects,
      clientErrors: run.clientErrors,
      ordered: run.ordered,
      finishedSeen: run.finished,
      ...figures,
      orphanObjectsBeforeSweep: before.orphans.objects,
      orderToFinished: (() => {
        const sorted = [...run.latencies].sort((a, b) => a - b);
        return { median: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? NaN };
      })(),
      workerDetectedMs,
      workerResumedMs,
      killedWorker,
      killedApi,
      serverErrors,
      durationMs: performance.now() - started,
    };
  } finally {
    await Promise.all(procs.map((p) => p.stop().catch(() => undefined)));
    await db.end().catch(() => undefined);
    await s3?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
    if (ownLogDir) await rm(logDir, { recursive: true, force: true });
  }
}

/** What the database and the bucket hold at the end. */
async function inspect(db: pg.Client, s3: LocalS3, run: Run) {
  const count = async (query: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(query, params)).rows[0]!.n);
  const ids = [...run.orderedIds];
  const finishedInDb = await count(
    `select count(*) as n from recordings where type = 'conversion' and state = 'done' and id = any($1::uuid[])`,
    [ids],
  );
  const duplicates = {
    results: await count(`
      select count(*) as n from (
        select original_id, voice_id from recordings where type = 'conversion'
        group by original_id, voice_id having count(*) > 1) d`),
    charges: await count(`
      select count(*) as n from (
        select recording_id from credit_ledger where reason like 'conversion:%'
        group by recording_id having count(*) > 1) d`),
    events: await count(`
      select count(*) as n from (
        select payload->'data'->'recording'->>'id' from events where type = 'conversion.finished'
        group by 1 having count(*) > 1) d`),
    jobs: await count(`
      select count(*) as n from (
        select payload->>'recordingId' from jobs where kind = 'convert' and state = 'done'
        group by 1 having count(*) > 1) d`),
  };

  const objects = new Set<string>();
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  // ListObjects (v1) with a marker: s3rver answers 500 to ListObjectsV2's second page.
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: s3.bucket, Marker: marker }));
    for (const o of page.Contents ?? []) if (o.Key) objects.add(o.Key);
    if (!page.IsTruncated || !page.Contents?.length) break;
    marker = page.NextMarker ?? page.Contents.at(-1)!.Key;
  }
  client.destroy();
  const fileRows = new Set((await db.query<{ k: string }>('select storage_key as k from files')).rows.map((r) => r.k));
  // The voices' demos are the catalogue's, not a user's: demo_sets holds their keys.
  const demoKeys = new Set(
    (
      await db.query<{ k: string }>(`
        select k from demo_sets, unnest(array[original_key, converted_key]) k where k is not null`)
    ).rows.map((r) => r.k),
  );
  const referenced = (
    await db.query<{ k: string }>(`
      select k from recordings, unnest(array[storage_key, mp3_key, waveform_key]) k
      where k is not null and deleted_at is null`)
  ).rows.map((r) => r.k);

  const halfWritten = [
    ...(
      await db.query<{ id: string; state: string }>(
        `select id, state from recordings where type = 'conversion' and state <> 'done'`,
      )
    ).rows.map((r) => `conversion ${r.id} is ${r.state}`),
    ...(
      await db.query<{ id: string; kind: string; state: string }>(
        `select id, kind, state from jobs where kind = 'convert' and state <> 'done'`,
      )
    ).rows.map((r) => `job ${r.id} (${r.kind}) is ${r.state}`),
    ...(
      await db.query<{ id: string }>(`
        select o.id from orders o where not exists (select 1 from recordings r where r.order_id = o.id)`)
    ).rows.map((r) => `order ${r.id} has no conversion`),
    ...(
      await db.query<{ id: string }>(`
        select id from recordings where type = 'conversion' and state = 'done'
          and (storage_key is null or mp3_key is null or waveform_key is null)`)
    ).rows.map((r) => `conversion ${r.id} is done without its files`),
    ...referenced.filter((k) => !fileRows.has(k)).map((k) => `${k} is a recording's file without a files row`),
  ];
  return {
    finishedInDb,
    duplicates,
    orphans: {
      objects: [...objects].filter((k) => !fileRows.has(k) && !demoKeys.has(k)),
      rows: [...fileRows].filter((k) => !objects.has(k)),
      halfWritten,
    },
  };
}
