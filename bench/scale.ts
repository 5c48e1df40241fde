// `npm run bench -- scale`: the scale-out run (tests/support/scale.ts) — two API processes and two workers on
// one fresh PostgreSQL database with s3rver storage, SCALE_USERS simulated users (default 200) each doing
// SCALE_LOOPS conversions (default 2) of a SCALE_CLIP_SECONDS WAV (default 1) after signing up, verifying the
// e-mail and starting the trial, arriving over SCALE_RAMP_S seconds (default 90), while a worker and an API
// process are SIGKILLed and restarted mid-run. PostgreSQL: SCALE_DATABASE_URL, else TEST_DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/postgres (a database is created for the run and dropped after it).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runScale, type ScaleFigures } from '../tests/support/scale.ts';

const int = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw ? Number(raw) : fallback;
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return n;
};

export async function scaleBench() {
  const adminUrl =
    process.env.SCALE_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `timbre_scale_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const options = {
    databaseUrl: url.toString(),
    users: int('SCALE_USERS', 200),
    loops: int('SCALE_LOOPS', 2),
    clipSeconds: int('SCALE_CLIP_SECONDS', 1),
    rampMs: int('SCALE_RAMP_S', 90) * 1000,
  };
  console.log(
    `${options.users} users × ${options.loops} conversions of a ${options.clipSeconds} s WAV, arriving over ` +
      `${options.rampMs / 1000} s; database ${name}`,
  );
  try {
    const f = await runScale({ ...options, log: (line) => console.log(`  ${line}`) });
    print(f);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const ms = (v: number | null) => (v === null || Number.isNaN(v) ? 'n/a' : `${Math.round(v)} ms`);

function print(f: ScaleFigures) {
  const rows: [string, string][] = [
    ['duration', `${(f.durationMs / 1000).toFixed(1)} s`],
    ['users completed', `${f.usersCompleted} / ${f.users}`],
    ['requests', String(f.requests)],
    ['retried after a connection error', String(f.retried)],
    ['socket re-connections', String(f.socketReconnects)],
    ['errors seen by clients after retry', String(f.clientErrors.length)],
    ['conversions ordered / finished (client) / done (db)', `${f.ordered} / ${f.finishedSeen} / ${f.finishedInDb}`],
    [
      'duplicates: results / charges / events / jobs',
      `${f.duplicates.results} / ${f.duplicates.charges} / ${f.duplicates.events} / ${f.duplicates.jobs}`,
    ],
    ['orphan files left by the killed processes (before the sweep)', String(f.orphanObjectsBeforeSweep.length)],
    [
      'orphans after the sweep: objects / files rows / half-written rows',
      `${f.orphans.objects.length} / ${f.orphans.rows.length} / ${f.orphans.halfWritten.length}`,
    ],
    [
      'order → finished: median / p99 / max',
      `${ms(f.orderToFinished.median)} / ${ms(f.orderToFinished.p99)} / ${ms(f.orderToFinished.max)}`,
    ],
    ['killed worker: job queued again / resumed after', `${ms(f.workerDetectedMs)} / ${ms(f.workerResumedMs)}`],
    ['killed an API process', f.killedApi ? 'yes' : 'no'],
    ['error lines in the servers’ logs', String(f.serverErrors.length)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log('');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  const lists: [string, string[]][] = [
    ['client errors', f.clientErrors],
    ['orphan files before the sweep', f.orphanObjectsBeforeSweep],
    ['orphan objects', f.orphans.objects],
    ['files rows without an object', f.orphans.rows],
    ['half-written rows', f.orphans.halfWritten],
    ['server error lines', f.serverErrors],
  ];
  for (const [title, items] of lists) {
    if (items.length === 0) continue;
    console.log(`\n  ${title} (first 10 of ${items.length}):`);
    for (const item of items.slice(0, 10)) console.log(`    ${item}`);
  }
}
