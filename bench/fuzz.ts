import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/platform/config.ts';
import { allOperations } from '../server/platform/contracts.ts';
import { openDatabase, type Database } from '../server/platform/db.ts';
import { tally } from '../tests/support/fuzz.ts';
import { describeFailure, failed, fuzzOperation, type FuzzOutcome } from '../tests/support/fuzz-run.ts';
import { startTestOauthProvider } from '../tests/support/oauth-provider.ts';
import { postgresUrl, withScratchPostgres } from './http.ts';

// npm run bench -- fuzz: the contract fuzz of tests/contract/fuzz.test.ts at a larger size, on PGlite and
// (when it answers) PostgreSQL. Prints figures: requests, answers by status, 5xx, failures by family.
// FUZZ_SEED (default: a random one, printed), FUZZ_EXTRA (random cases per operation on top of one of each
// family, default 40), FUZZ_OPS (operationIds, comma-separated; default all), BENCH_DATABASE_URL.
const seed = Number(process.env.FUZZ_SEED ?? randomInt(1, 2 ** 31));
const extra = Number(process.env.FUZZ_EXTRA ?? 40);
const only = process.env.FUZZ_OPS?.split(',').filter(Boolean);

async function run(target: string, database: Database) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'timbre-bench-fuzz-'));
  const oauth = await startTestOauthProvider();
  const config = loadConfig({
    ...oauth.env(),
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'none'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database, contractCheck: true, logger: false, worker: { enabled: false } });
  const operations = (await allOperations()).filter((op) => !only || only.includes(op.operationId));
  const outcomes: FuzzOutcome[] = [];
  const started = performance.now();
  try {
    for (const op of operations) outcomes.push(...(await fuzzOperation(app, op, { seed, extra })));
  } finally {
    await app.close();
    await oauth.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  const counted = outcomes.filter((o) => failed(o));
  const multipart = counted.filter((o) => o.case.malformedMultipart);
  const families = new Map<string, number>();
  for (const o of counted) {
    const family = o.case.kind.split(/[ (]/)[0]!;
    families.set(family, (families.get(family) ?? 0) + 1);
  }
  console.log(
    `${target}: ${outcomes.length} requests over ${operations.length} operations in ${seconds.toFixed(1)} s ` +
      `(${(outcomes.length / seconds).toFixed(0)} req/s)`,
  );
  console.log(`  by status: ${tally(outcomes.map((o) => o.status))}`);
  console.log(
    `  5xx: ${outcomes.filter((o) => o.status >= 500).length} (of them 501 Not implemented: ` +
      `${outcomes.filter((o) => o.status === 501).length}); failures (5xx but 501, no answer, contract ` +
      `violation, refusal without detail): ${counted.length}, malformed multipart among them: ${multipart.length}`,
  );
  if (families.size) console.log(`  failures by family: ${[...families].map(([f, n]) => `${f} ${n}`).join(', ')}`);
  for (const o of counted.slice(0, 20)) console.log(`  ✗ ${describeFailure(o)}`);
  if (counted.length > 20) console.log(`  … and ${counted.length - 20} more`);
}

/** The contract fuzz at bench size: figures on PGlite and PostgreSQL, replayable by its seed. */
export async function fuzzBench() {
  console.log(`contract fuzz: seed ${seed} (FUZZ_SEED=${seed} replays it), ${extra} random cases per operation`);
  {
    const database = await openDatabase({});
    try {
      await run('PGlite', database);
    } finally {
      await database.close();
    }
  }
  const url = await postgresUrl();
  if (!url) {
    console.log('PostgreSQL: no server answered (set BENCH_DATABASE_URL); PGlite only.');
    return;
  }
  await withScratchPostgres(url, `timbre_bench_fuzz_${process.pid}`, (database) => run('PostgreSQL', database));
}
