import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, multiProcessSkipReason, type TestDatabase } from '../../server/jobs/test-support.ts';
import { runScale } from '../support/scale.ts';

/**
 * The short scale-out run (the long one is `npm run bench -- scale`): two API processes and two workers on one
 * PostgreSQL database with S3 storage, 20 users from sign-up to download spread over both API processes,
 * one worker and one API process SIGKILLed and restarted mid-run. It asserts what users and the data must
 * never notice — every order finished and downloaded, no error after a client's retry, no duplicate, no
 * orphan — and prints the timings without judging them.
 */
describe.skipIf(multiProcessSkipReason !== null)('scale-out with killed processes', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finishes every order exactly once, with nothing orphaned, while a worker and an API process are killed', async () => {
    const users = 20;
    const f = await runScale({
      databaseUrl: t.url!,
      users,
      loops: 1,
      clipSeconds: 1,
      rampMs: 4000,
      // Kill early enough that plenty of conversions are still to come.
      killWorkerAt: 0.2,
      killApiAt: 0.4,
      // The demos of the catalogue are not what this run is about.
      env: { DEMO_AUDIO: 'off' },
      log: (line) => console.log(line),
    });
    console.log(
      `scale: ${f.requests} requests (${f.retried} retried), ${f.ordered} ordered, ${f.finishedSeen} finished; ` +
        `order → finished median ${Math.round(f.orderToFinished.median)} ms, p99 ${Math.round(f.orderToFinished.p99)} ms; ` +
        `killed worker's job queued again after ${Math.round(f.workerDetectedMs ?? NaN)} ms; ` +
        `${f.orphanObjectsBeforeSweep.length} orphan files before the storage sweep; ` +
        `${(f.durationMs / 1000).toFixed(1)} s`,
    );
    expect(f.killedWorker).toBe(true);
    expect(f.killedApi).toBe(true);
    expect(f.clientErrors).toEqual([]);
    expect(f.usersCompleted).toBe(users);
    expect(f.ordered).toBe(users);
    expect(f.finishedSeen).toBe(f.ordered);
    expect(f.finishedInDb).toBe(f.ordered);
    expect(f.duplicates).toEqual({ results: 0, charges: 0, events: 0, jobs: 0 });
    expect(f.orphans).toEqual({ objects: [], rows: [], halfWritten: [] });
  }, 300_000);
});

if (multiProcessSkipReason) {
  describe('scale-out with killed processes', () => {
    it.skip(`skipped: ${multiProcessSkipReason}`, () => undefined);
  });
}
