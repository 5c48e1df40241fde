import type { components } from '../../../openapi/generated/auth.js';
import type { Credits } from '../../machines/index.ts';
import type { MessageId } from '../../i18n/index.ts';

export type LedgerEntry = components['schemas']['CreditLedgerEntry'];

/** One allowance of SPEC.md section 3's credits: what there was, what is left, what was used and its share. */
export interface Allowance {
  total: number;
  left: number;
  used: number;
  /** Share used, 0–100, rounded to one decimal. */
  percentUsed: number;
}

/** Used = initial − left and its percentage (SPEC.md section 3: derived client-side, never below 0). */
export function allowance(initial: number, left: number): Allowance {
  const total = Math.max(0, initial);
  const rest = Math.max(0, Math.min(left, Math.max(total, left)));
  const used = Math.max(0, total - rest);
  return { total, left: rest, used, percentUsed: total > 0 ? Math.round((used / total) * 1000) / 10 : 0 };
}

export interface Usage {
  /** The plan's seconds this period. */
  planSeconds: Allowance;
  /** Bought (Pay As You Go) seconds. */
  boughtSeconds: Allowance;
  /** TTS characters this period. */
  characters: Allowance;
  /** TTS requests today against the daily limit. */
  requests: { used: number; limit: number };
  /** Seconds that can be converted now (plan plus bought). */
  availableSeconds: number;
}

export function usageOf(credits: Credits): Usage {
  return {
    planSeconds: allowance(credits.initial_subscription_seconds, credits.subscription_seconds),
    boughtSeconds: allowance(credits.initial_bought_credits, credits.bought_credits),
    characters: allowance(credits.initial_tts_chars, credits.tts_chars),
    requests: { used: credits.tts_current, limit: credits.tts_limit },
    availableSeconds: credits.available_seconds,
  };
}

const DAY_MS = 86_400_000;

/** Seconds converted (charged minus refunded) by ledger entries from `since` on. */
export function secondsConverted(entries: readonly LedgerEntry[], since: number): number {
  let total = 0;
  for (const entry of entries) {
    if (Date.parse(entry.created_at) < since) continue;
    if (entry.reason.startsWith('conversion:')) total -= entry.delta_seconds;
    else if (entry.reason.startsWith('refund:conversion:')) total -= entry.delta_seconds;
  }
  return Math.max(0, total);
}

/**
 * When the seconds left run out at the user's pace — the seconds converted over the last `windowDays`
 * (or since the first conversion, if that is more recent, but at least a day) — or null when there is no
 * pace to go by or nothing left.
 */
export function forecastRunOut(
  entries: readonly LedgerEntry[],
  leftSeconds: number,
  now: number,
  windowDays = 14,
): Date | null {
  if (leftSeconds <= 0) return null;
  const windowStart = now - windowDays * DAY_MS;
  const conversions = entries.filter(
    (e) => e.reason.startsWith('conversion:') && Date.parse(e.created_at) >= windowStart,
  );
  if (conversions.length === 0) return null;
  const first = Math.min(...conversions.map((e) => Date.parse(e.created_at)));
  const span = Math.max(DAY_MS, now - Math.max(windowStart, first));
  const used = secondsConverted(entries, windowStart);
  if (used <= 0) return null;
  return new Date(now + (leftSeconds / used) * span);
}

/** The ledger's reasons as the message ids the plan page shows them with (refunds share their charge's). */
export function ledgerReasonId(reason: string): MessageId {
  const known = [
    'trial',
    'trial_end',
    'subscription_period',
    'subscription_end',
    'credit_purchase',
    'custom_plan',
    'conversion:plan',
    'conversion:credits',
    'conversion:metered',
    'tts',
    'admin',
  ];
  if (reason.startsWith('refund:')) return 'billing.ledger.reason.refund';
  // Every known reason has its message in en.json (usage.test.ts).
  return known.includes(reason)
    ? (`billing.ledger.reason.${reason.replace(':', '_')}` as MessageId)
    : 'billing.ledger.reason.other';
}
