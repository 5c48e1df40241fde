import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app.ts';
import { syncMeteredUsage } from './metering.ts';
import type { PaymentProvider, UsageReport } from './provider.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A provider that records what it was told, and fails on demand. */
function recordingProvider() {
  const reports: UsageReport[] = [];
  const cancels: string[] = [];
  let fail = false;
  const provider = {
    name: 'stripe',
    description: 'fake',
    async reportUsage(usage: UsageReport) {
      if (fail) throw new Error('provider down');
      reports.push(usage);
    },
    async cancelUsage({ identifier }: { identifier: string }) {
      if (fail) throw new Error('provider down');
      cancels.push(identifier);
    },
  } as unknown as PaymentProvider;
  return { provider, reports, cancels, failing: (on: boolean) => (fail = on) };
}

describe('Per Minute usage reaches the provider once, and is taken back once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const usage = async (userId: string, id: string, refunded = false) => {
    await t.database.db.execute(sql`insert into metered_usage (id, user_id, seconds, refunded_at)
      values (${id}, ${userId}, 12, ${refunded ? sql`now()` : null})`);
  };
  const state = async (id: string) =>
    rows<{ reported: boolean; cancelled: boolean }>(
      await t.database.db.execute(sql`select reported_at is not null as reported, cancelled_at is not null as cancelled
        from metered_usage where id = ${id}`),
    )[0];

  it('reports with the customer and identifier, then cancels after a refund; repeats change nothing', async () => {
    const user = await signIn(t);
    await t.database.db.execute(
      sql`insert into subscriptions (user_id, status, provider_customer_id) values (${user.userId}, 'active', 'cus_pm')`,
    );
    const fake = recordingProvider();
    await usage(user.userId, 'u-1');
    await syncMeteredUsage(t.database.db, fake.provider, 'u-1');
    await syncMeteredUsage(t.database.db, fake.provider, 'u-1');
    expect(fake.reports).toEqual([{ identifier: 'u-1', customerId: 'cus_pm', seconds: 12, at: expect.any(Date) }]);
    await t.database.db.execute(sql`update metered_usage set refunded_at = now() where id = 'u-1'`);
    await syncMeteredUsage(t.database.db, fake.provider, 'u-1');
    await syncMeteredUsage(t.database.db, fake.provider, 'u-1');
    expect(fake.cancels).toEqual(['u-1']);
    expect(await state('u-1')).toEqual({ reported: true, cancelled: true });
  });

  it('never reports usage refunded before its report, and retries a cancellation that failed', async () => {
    const user = await signIn(t);
    const fake = recordingProvider();
    await usage(user.userId, 'u-2', true);
    await syncMeteredUsage(t.database.db, fake.provider, 'u-2');
    expect(fake.reports).toEqual([]);
    expect(await state('u-2')).toEqual({ reported: false, cancelled: false });

    await usage(user.userId, 'u-3');
    await syncMeteredUsage(t.database.db, fake.provider, 'u-3');
    await t.database.db.execute(sql`update metered_usage set refunded_at = now() where id = 'u-3'`);
    fake.failing(true);
    await expect(syncMeteredUsage(t.database.db, fake.provider, 'u-3')).rejects.toThrow('provider down');
    // The failed cancellation is not recorded as done, so the job's retry sends it.
    expect(await state('u-3')).toEqual({ reported: true, cancelled: false });
    fake.failing(false);
    await syncMeteredUsage(t.database.db, fake.provider, 'u-3');
    expect(fake.cancels).toEqual(['u-3']);
  });
});
