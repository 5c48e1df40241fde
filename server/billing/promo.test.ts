import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../tests/support/test-app.ts';
import { subscribe, type Delivery } from '../notifications/scope.ts';
import { findAppliedPromo, redeemPromoCode } from './promo.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('POST /api/v3/promo-code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`
      insert into promo_codes (code, kind, trial_days, expires_at, max_uses, uses) values
        ('OLD', 'extended_trial', 7, now() - interval '1 day', null, 0),
        ('ONCE', 'bonus_seconds', null, null, 1, 0),
        ('FUTURE', 'extended_trial', 14, now() + interval '30 days', 100, 0)`);
  });
  afterAll(() => t.close());

  const apply = (headers: Record<string, string>, promo_code: string, place = 'promo') =>
    t.request({ method: 'POST', url: '/api/v3/promo-code', headers, payload: { promo_code, place } });

  it('applies the seeded demo code, sets user.data.promo and announces the change', async () => {
    const user = await signIn(t);
    const seen: Delivery[] = [];
    const stop = subscribe((d) => d.userId === user.userId && seen.push(d));
    const res = await apply(user.headers, ' welcome7 ', 'promo_email').finally(stop);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      promo_status: 'applied',
      user: {
        id: user.userId,
        data: {
          promo: { code: 'WELCOME7', place: 'promo_email' },
          // An extended-trial code starts the free trial for a user with none (server/billing/trial.test.ts).
          stripe: { subscription_status: 'trialing', trial: true },
        },
      },
    });
    expect(seen.map((d) => d.event.type)).toEqual(['user.updated', 'credits.updated2']);
    expect(await findAppliedPromo(t.database.db, user.userId)).toMatchObject({
      code: 'WELCOME7',
      kind: 'extended_trial',
      trialDays: 7,
      place: 'promo_email',
    });
  });

  it('answers invalid for an unknown, an expired and a used-up code, and records why', async () => {
    const user = await signIn(t);
    for (const code of ['NOPE', 'OLD']) {
      const res = await apply(user.headers, code);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ promo_status: 'invalid', user: { data: { promo: null } } });
    }
    const first = await signIn(t);
    expect((await apply(first.headers, 'ONCE')).json().promo_status).toBe('applied');
    expect((await apply(user.headers, 'ONCE')).json().promo_status).toBe('invalid');
    const why = rows<{ code: string; status: string }>(
      await t.database.db.execute(
        sql`select code, status from promo_redemptions where user_id = ${user.userId} order by created_at, id`,
      ),
    );
    expect(why.map((r) => r.status).sort()).toEqual(['exhausted', 'expired', 'unknown']);
    expect(await findAppliedPromo(t.database.db, user.userId)).toBeNull();
  });

  it('counts a code once per user, however often it is sent', async () => {
    const user = await signIn(t);
    expect((await apply(user.headers, 'FUTURE')).json().promo_status).toBe('applied');
    expect((await apply(user.headers, 'future')).json().promo_status).toBe('applied');
    const [code] = rows<{ uses: number }>(
      await t.database.db.execute(sql`select uses from promo_codes where code = 'FUTURE'`),
    );
    expect(code!.uses).toBe(1);
  });

  it('never counts more uses than max_uses when many redeem at once', async () => {
    await t.database.db.execute(
      sql`insert into promo_codes (code, kind, max_uses) values ('RACE', 'bonus_seconds', 3)`,
    );
    const users = await Promise.all(Array.from({ length: 8 }, () => signIn(t)));
    const results = await Promise.all(users.map((u) => redeemPromoCode(t.database.db, u.userId, 'RACE', 'promo')));
    expect(results.filter((r) => r.promoStatus === 'applied')).toHaveLength(3);
    const [code] = rows<{ uses: number }>(
      await t.database.db.execute(sql`select uses from promo_codes where code = 'RACE'`),
    );
    expect(code!.uses).toBe(3);
  });

  it('validates the body and limits how many codes one user may try', async () => {
    const user = await signIn(t);
    const missing = await t.request({
      method: 'POST',
      url: '/api/v3/promo-code',
      headers: user.headers,
      payload: { promo_code: 'X' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().field).toBe('body/place');
    for (let i = 0; i < 10; i++) expect((await apply(user.headers, `GUESS${i}`)).statusCode).toBe(200);
    const refused = await apply(user.headers, 'GUESS10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatchObject({ retry_after: expect.any(Number), limit: 10 });
  });
});
