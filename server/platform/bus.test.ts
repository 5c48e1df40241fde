import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../jobs/test-support.ts';
import { acquireBus } from './bus.ts';

// The bus's own edges (its delivery is tested with the event hub, server/notifications/events.test.ts).

describe('the bus', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await freshDatabase();
  });
  afterAll(async () => {
    await t.close();
  });

  it('closes cleanly while a channel is still being listened to (an app closed mid-start fails nothing)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const bus = acquireBus(t.database);
      bus.listen('first', () => undefined);
      await bus.ready();
      // A second channel: its LISTEN is on its way when the last user lets the bus go and its connection ends.
      bus.listen(`second_${round}`, () => undefined);
      await new Promise((resolve) => setImmediate(resolve));
      await bus.release();
      await expect(bus.ready()).resolves.toBeUndefined();
    }
  });
});
