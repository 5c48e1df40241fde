import { ApiError } from '../api/index.ts';

/**
 * The upgrade reason of a 402 (SPEC.md section 2 "Upgrade prompt reasons"), or null for any other failure.
 * A 402 without a reason reads as `fallback`: the expired trial (SPEC.md section 8's default), or what the
 * refused action itself stands for (a download).
 */
export function upgradeReasonOf(error: unknown, fallback = 'trial_expired'): string | null {
  if (!(error instanceof ApiError) || error.statusCode !== 402) return null;
  const reason = (error.body as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : fallback;
}
