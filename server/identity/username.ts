import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;

/**
 * Usernames are the first segment of project URLs (/{ownerName}/{projectSlug}), so a username must never
 * equal a top-level SPA route (/account/plan would be ambiguous) or a server prefix.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'account',
  'admin',
  'api',
  'assets',
  'audio-settings',
  'audition-voices',
  'aup',
  'auth-redirect',
  'calibrations',
  'change-password',
  'change-password-success',
  'choose-voices',
  'dev',
  'faq',
  'forgot-password',
  'forgot-password-email-sent',
  'healthz',
  'help-video',
  'login',
  'login-redirect',
  'new',
  'oauth2',
  'pricing',
  'projects',
  'readyz',
  'signup',
  'static',
  'subscribed',
  'terms-of-use',
  'tools',
  'unverified',
  'use-cases',
  'user',
  'users',
  'verify',
  'voice-talents',
  'welcome',
  'ws',
]);

/**
 * The URL-safe stem of a username: latin letters (accents dropped), digits and single hyphens, lowercase,
 * at most 20 characters so that a "-12345678" suffix still fits in USERNAME_MAX. Falls back to "user".
 */
export function usernameStem(seed: string): string {
  const stem = seed
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, USERNAME_MAX - 10)
    .replace(/-+$/g, '');
  return stem.length >= USERNAME_MIN ? stem : 'user';
}

/**
 * A username no user (live or deleted) holds yet, built from a seed such as a name or an e-mail's local
 * part: the stem itself when it is free and not reserved, else the stem with a random number. The users
 * table's unique constraint stays the last word: a caller that loses an insert race asks again.
 */
export async function uniqueUsername(db: Db, seed: string): Promise<string> {
  const stem = usernameStem(seed);
  for (let digits = 4; digits <= 8; digits += 2) {
    const candidates = new Set<string>();
    if (digits === 4 && !RESERVED_USERNAMES.has(stem)) candidates.add(stem);
    while (candidates.size < 12) candidates.add(`${stem}-${randomInt(10 ** (digits - 1), 10 ** digits)}`);
    const list = [...candidates];
    const taken = new Set(
      (await db.select({ username: users.username }).from(users).where(inArray(users.username, list))).map(
        (r) => r.username,
      ),
    );
    const free = list.find((c) => !taken.has(c));
    if (free) return free;
  }
  throw new Error(`No free username for the stem "${stem}"`);
}
