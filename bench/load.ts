import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// The load generator of the HTTP benches, run in a child process of its own: autocannon in the server's
// process shares its event loop and its core, and a figure measured that way counts the client's work
// (building requests, parsing answers) as the server's. On this 2-core machine the child and the server
// still share the CPU with the database, which the printed header says.

export const duration = Number(process.env.BENCH_DURATION ?? 5);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * What the requests say they accept (BENCH_ACCEPT_ENCODING, default a browser's `gzip, deflate, br`), so
 * the figures count the compression every browser's request gets; `identity` measures without it.
 */
export const acceptEncoding = (): Record<string, string> => ({
  'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br',
});

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

interface Ask {
  url: string;
  headers: Record<string, string>;
  /** A POST's method and JSON body (GET without them). */
  method?: 'GET' | 'POST';
  body?: string;
  connections: number;
  duration: number;
}

async function run(ask: Ask): Promise<Load> {
  const r = await autocannon({ ...ask });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Requests/s and latency of one URL: a 1 s warm-up (JIT, pools), then the measured run, from a child process. */
export async function load(url: string, headers: Record<string, string> = {}, post?: { body: unknown }): Promise<Load> {
  const child = fork(fileURLToPath(import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = new Promise<Load>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Load));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
  });
  const ask: Ask = post
    ? {
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        method: 'POST',
        body: JSON.stringify(post.body),
        connections,
        duration,
      }
    : { url, headers, connections, duration };
  child.send(ask);
  try {
    return await answer;
  } finally {
    child.kill();
  }
}

export const loadHeader = () =>
  `autocannon in a child process, ${connections} connections × ${duration} s after a 1 s warm-up, ` +
  `accept-encoding: ${acceptEncoding()['accept-encoding']} ` +
  `(${os.cpus().length} cores shared by the server, the load generator and the database)`;

export interface Row {
  route: string;
  postgres?: Load;
  pglite?: Load;
}

/** The table: route | PostgreSQL req/s | p99 | PGlite req/s | p99 | ratio to /healthz (PostgreSQL). */
export function printTable(rows: Row[]) {
  const healthz = rows.find((r) => r.route === '/healthz')?.postgres?.rps;
  const num = (n: number | undefined) => (n === undefined ? '–' : Math.round(n).toLocaleString('en-US'));
  const ms = (n: number | undefined) => (n === undefined ? '–' : `${n} ms`);
  const errors = (l: Load | undefined) => (l && l.errors > 0 ? ` (${l.errors} errors)` : '');
  console.log('| route | PostgreSQL req/s | p99 | PGlite req/s | p99 | ratio to /healthz (PostgreSQL) |');
  console.log('|---|---|---|---|---|---|');
  for (const { route, postgres, pglite } of rows) {
    const ratio = healthz && postgres ? (postgres.rps / healthz).toPrecision(2) : '–';
    console.log(
      `| ${route} | ${num(postgres?.rps)}${errors(postgres)} | ${ms(postgres?.p99)} | ` +
        `${num(pglite?.rps)}${errors(pglite)} | ${ms(pglite?.p99)} | ${ratio} |`,
    );
  }
}

// As the child: one ask in, one answer out.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (ask: Ask) => {
    void (async () => {
      await run({ ...ask, duration: 1 });
      process.send!(await run(ask));
    })();
  });
}
