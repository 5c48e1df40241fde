import type { MessageId } from '../../i18n/index.ts';
import type { AdminUser, Report, TrustLevel, UsageRow } from './api/admin-api.ts';

/**
 * SPEC.md section 6's trust colours: 0 gray (default), 1 red (needs to be checked), 2 orange (should be
 * checked sometime), 3 green (approved). The colour is never the only signal: each has its words.
 */
export const TRUST_LEVELS: readonly { level: TrustLevel; colour: TrustColour; label: MessageId }[] = [
  { level: 0, colour: 'gray', label: 'admin.trust.gray' },
  { level: 1, colour: 'red', label: 'admin.trust.red' },
  { level: 2, colour: 'orange', label: 'admin.trust.orange' },
  { level: 3, colour: 'green', label: 'admin.trust.green' },
];
export type TrustColour = 'gray' | 'red' | 'orange' | 'green';

/** The colour and words of a trust level; an unknown level reads as the default (gray). */
export function trustOf(level: number) {
  return TRUST_LEVELS.find((t) => t.level === level) ?? TRUST_LEVELS[0]!;
}

/** SPEC.md section 9: the users table pages by 40. */
export const USERS_PAGE_SIZE = 40;

/** A users page joined with its usage rows (stats/users answers in its own order; a user without a row has none). */
export function withUsage(users: AdminUser[], usage: UsageRow[]): { user: AdminUser; usage: UsageRow | null }[] {
  const byId = new Map(usage.map((row) => [row.user_id, row]));
  return users.map((user) => ({ user, usage: byId.get(user.id) ?? null }));
}

/**
 * The queue's order (as the server gives it, kept after a report changes in place): reports from red users
 * first, then newest first.
 */
export function queueOrder(a: Report, b: Report): number {
  const red = (r: Report) => (r.user?.t_level === 1 ? 1 : 0);
  return red(b) - red(a) || b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);
}

/** Minutes shown for seconds converted, one decimal below ten minutes. */
export function minutesOf(seconds: number): number {
  const minutes = seconds / 60;
  return minutes < 10 ? Math.round(minutes * 10) / 10 : Math.round(minutes);
}
