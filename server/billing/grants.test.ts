import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app.ts';
import { query } from '../platform/db.ts';
import { TRIAL_CREDITS } from './billing-state.ts';
import { grantCredits, takeBackPlanCredits } from './grants.ts';
import { startFreeTrial } from './trial.ts';

interface CreditsRow {
  subscription_seconds: number;
  bought_credits: number;
  available_seconds: number;
  tts_chars: number;
}

describe('grantCredits: the one grant of a plan allowance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
  });
  afterAll(() => t.close());

  const owing = async (seconds: number) => {
    const { userId } = await signIn(t);
    await t.database.db.execute(sql`
      insert into credits (user_id, bought_credits, initial_bought_credits, available_seconds)
      values (${userId}, ${-seconds}, 0, ${-seconds})`);
    return userId;
  };
  const creditsOf = async (userId: string) =>
    (
      await query<CreditsRow>(
        t.database.db,
        sql`select subscription_seconds, bought_credits, available_seconds, tts_chars from credits where user_id = ${userId}`,
      )
    )[0]!;
  const ledgerOf = (userId: string) =>
    query<{ reason: string; delta_seconds: number; delta_chars: number }>(
      t.database.db,
      sql`select reason, delta_seconds, delta_chars from credit_ledger where user_id = ${userId} order by created_at, id`,
    );

  it('takes bought credits below zero (a debt) from a period’s allowance, and keeps the debt when the plan ends', async () => {
    const userId = await owing(30);
    await t.database.db.transaction((tx) =>
      grantCredits(tx, userId, { seconds: 7200, ttsChars: 10_000, reason: 'subscription_period' }),
    );
    expect(await creditsOf(userId)).toEqual({
      subscription_seconds: 7200,
      bought_credits: -30,
      available_seconds: 7170,
      tts_chars: 10_000,
    });
    await t.database.db.transaction((tx) => takeBackPlanCredits(tx, userId, 'subscription_end'));
    expect(await creditsOf(userId)).toMatchObject({
      subscription_seconds: 0,
      bought_credits: -30,
      available_seconds: -30,
    });
    expect(await ledgerOf(userId)).toMatchObject([
      { reason: 'subscription_period', delta_seconds: 7200, delta_chars: 10_000 },
      { reason: 'subscription_end', delta_seconds: -7200, delta_chars: -10_000 },
    ]);
  });

  it('grants the free trial by the same rule', async () => {
    const userId = await owing(30);
    expect(await startFreeTrial(t.database.db, userId)).toBe('started');
    expect(await creditsOf(userId)).toEqual({
      subscription_seconds: TRIAL_CREDITS.seconds,
      bought_credits: -30,
      available_seconds: TRIAL_CREDITS.seconds - 30,
      tts_chars: TRIAL_CREDITS.ttsChars,
    });
    expect(await ledgerOf(userId)).toMatchObject([
      { reason: 'trial', delta_seconds: TRIAL_CREDITS.seconds, delta_chars: TRIAL_CREDITS.ttsChars },
    ]);
  });

  it('replaces what was left of the last period and records the difference in the ledger', async () => {
    const { userId } = await signIn(t);
    await t.database.db.transaction((tx) =>
      grantCredits(tx, userId, { seconds: 7200, ttsChars: 10_000, reason: 'subscription_period' }),
    );
    await t.database.db.execute(
      sql`update credits set subscription_seconds = 1000, available_seconds = 1000 where user_id = ${userId}`,
    );
    await t.database.db.transaction((tx) =>
      grantCredits(tx, userId, { seconds: 7200, ttsChars: 10_000, reason: 'subscription_period' }),
    );
    expect(await creditsOf(userId)).toMatchObject({ subscription_seconds: 7200, available_seconds: 7200 });
    expect((await ledgerOf(userId)).map((r) => r.delta_seconds)).toEqual([7200, 6200]);
  });
});
