import { ApiError } from '../api/index.ts';
import type { UpgradeReason } from '../machines/index.ts';

export type { UpgradeReason };

/** Every reason of SPEC.md section 2 ("Upgrade prompt reasons"), in its order. */
export const UPGRADE_REASONS = [
  'download',
  'trial_expired',
  'out_of_minutes',
  'out_of_credits',
  'out_of_characters',
  'voice',
  'accent',
  'unlock_sts',
] as const satisfies readonly UpgradeReason[];

const known = new Set<string>(UPGRADE_REASONS);

/** The reason to explain: a known one as it is; none, or one this client does not know, is the expired trial (SPEC.md section 8's default). */
export function knownUpgradeReason(value: unknown): UpgradeReason {
  return typeof value === 'string' && known.has(value) ? (value as UpgradeReason) : 'trial_expired';
}

/**
 * The upgrade reason of a 402 (SPEC.md section 2 "Upgrade prompt reasons"), or null for any other failure.
 * A 402 without a reason reads as `fallback`: the expired trial (SPEC.md section 8's default), or what the
 * refused action itself stands for (a download, the characters of a text); one this client does not know
 * reads as the expired trial.
 */
export function upgradeReasonOf(error: unknown, fallback: UpgradeReason = 'trial_expired'): UpgradeReason | null {
  if (!(error instanceof ApiError) || error.statusCode !== 402) return null;
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? knownUpgradeReason(reason) : fallback;
}
