import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { HttpError } from './errors.ts';
import { enforceRateLimits, hitRateLimit, pruneRateLimits, rateKey, resetRateLimit } from './rate-limit.ts';

describe('fixed-window rate limits in the rate_limits table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const rule = { limit: 3, windowSeconds: 60 };

  it('allows `limit` attempts per window, then refuses with the seconds left', async () => {
    const key = rateKey('test', 'a@example.test');
    const hits = [];
    for (let i = 0; i < 5; i++) hits.push(await hitRateLimit(t.database.db, key, rule));
    expect(hits.map((h) => [h.count, h.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
      [5, false],
    ]);
    expect(hits[4]!.retryAfter).toBeGreaterThan(55);
    expect(hits[4]!.retryAfter).toBeLessThanOrEqual(60);
  });

  it('starts a new window once the old one has passed, and forgets on reset', async () => {
    const key = rateKey('test', 'b@example.test');
    for (let i = 0; i < 4; i++) await hitRateLimit(t.database.db, key, rule);
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '61 seconds' where key = ${key}`,
    );
    expect(await hitRateLimit(t.database.db, key, rule)).toMatchObject({ count: 1, allowed: true });
    await hitRateLimit(t.database.db, key, rule);
    await resetRateLimit(t.database.db, key);
    expect(await hitRateLimit(t.database.db, key, rule)).toMatchObject({ count: 1, allowed: true });
  });

  it('counts concurrent attempts exactly', async () => {
    const key = rateKey('test', 'c@example.test');
    const hits = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(t.database.db, key, { limit: 5, windowSeconds: 60 })),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(hits.filter((h) => h.allowed)).toHaveLength(5);
  });

  it('throws a 429 with Retry-After and the RateLimitError body, naming the limit that was hit', async () => {
    const ip = rateKey('test-ip', '10.0.0.1');
    const account = rateKey('test-account', 'd@example.test');
    const limits = [
      { key: ip, rule: { limit: 100, windowSeconds: 900 } },
      { key: account, rule: { limit: 1, windowSeconds: 300 } },
    ];
    await enforceRateLimits(t.database.db, limits);
    const err = await enforceRateLimits(t.database.db, limits, 'Slow down.').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    const http = err as HttpError;
    expect(http.statusCode).toBe(429);
    expect(http.detail).toEqual({ message: 'Slow down.', retry_after: expect.any(Number), limit: 1 });
    expect(http.headers['retry-after']).toBe(String((http.detail as { retry_after: number }).retry_after));
  });

  it('stores hashes, not e-mail or IP addresses, and prunes old windows', async () => {
    const key = rateKey('login:account', ' Someone@Example.test ');
    expect(key).toBe(rateKey('login:account', 'someone@example.test'));
    expect(key).not.toContain('someone');
    await hitRateLimit(t.database.db, key, rule);
    await t.database.db.execute(
      sql`update rate_limits set window_start = now() - interval '2 days' where key = ${key}`,
    );
    expect(await pruneRateLimits(t.database.db, 86_400)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.execute(sql`select count(*)::int as n from rate_limits where key = ${key}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
