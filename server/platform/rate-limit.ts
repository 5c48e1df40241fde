import { sql } from 'drizzle-orm';
import type { RateLimitRule } from './config.ts';
import type { Db } from './db.ts';
import { tooManyRequests } from './errors.ts';
import { sha256 } from './sessions.ts';

export type { RateLimitRule };

export interface RateLimitHit {
  /** The rate_limits key that was counted. */
  key: string;
  /** Attempts in the current window, this one included. */
  count: number;
  allowed: boolean;
  /** Seconds until the window ends (when a refused caller may try again). */
  retryAfter: number;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is within `rule`. One statement,
 * so concurrent attempts on several API processes cannot both slip under the limit: the row is created
 * on the first attempt, restarted when its window has passed, and incremented otherwise.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitHit> {
  const window = `${rule.windowSeconds} seconds`;
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      window_start = case when rate_limits.window_start <= now() - ${window}::interval
                          then now() else rate_limits.window_start end,
      count = case when rate_limits.window_start <= now() - ${window}::interval
                   then 1 else rate_limits.count + 1 end
    returning count,
      greatest(0, ceil(extract(epoch from (window_start + ${window}::interval - now()))))::int as retry_after`);
  const row = (result as unknown as { rows: { count: number; retry_after: number }[] }).rows[0]!;
  const count = Number(row.count);
  return { key, count, allowed: count <= rule.limit, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/**
 * Counts one attempt against every limit given and answers 429 (Retry-After and the RateLimitError body of
 * openapi/common.yaml) when any of them is exceeded; the longest wait is the one reported.
 */
export async function enforceRateLimits(
  db: Db,
  limits: { key: string; rule: RateLimitRule }[],
  message = 'Too many attempts. Please try again later.',
): Promise<void> {
  const hits = [];
  for (const { key, rule } of limits) hits.push({ hit: await hitRateLimit(db, key, rule), rule });
  const refused = hits.filter((h) => !h.hit.allowed);
  if (refused.length === 0) return;
  const worst = refused.reduce((a, b) => (b.hit.retryAfter > a.hit.retryAfter ? b : a));
  throw tooManyRequests(message, worst.hit.retryAfter, worst.rule.limit);
}

/** Forgets the attempts counted against `key` (e.g. a successful login resets its account's counter). */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Drops counters whose window ended more than `olderThanSeconds` ago, so the table stays small. */
export async function pruneRateLimits(db: Db, olderThanSeconds: number): Promise<number> {
  const result = await db.execute(
    sql`delete from rate_limits where window_start < now() - ${`${olderThanSeconds} seconds`}::interval`,
  );
  const counts = result as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(counts.rowCount ?? counts.affectedRows ?? 0);
}

/**
 * A rate-limit key for a value that identifies a person (an e-mail or IP address): only its hash is
 * stored, so the table never holds addresses of accounts that were deleted or never existed.
 */
export const rateKey = (scope: string, value: string) => `${scope}:${sha256(value.trim().toLowerCase())}`;
