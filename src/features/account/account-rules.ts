import type { LedgerEntry } from './api/account-api.ts';

export const DAY_MS = 86_400_000;

/** The statistics' ranges, in days. */
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** The delete-account confirmation holds when the typed address is the account's (case and spaces aside). */
export function emailMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase() && email.trim() !== '';
}

/** How long a new API key lasts. */
export const API_KEY_EXPIRIES = ['30', '90', '365', 'never'] as const;
export type ApiKeyExpiry = (typeof API_KEY_EXPIRIES)[number];

/** The expires_at a new key is created with: `days` from now, or null for never. */
export function expiresAtFor(choice: ApiKeyExpiry, now: number): string | null {
  return choice === 'never' ? null : new Date(now + Number(choice) * DAY_MS).toISOString();
}

/** The start of the UTC day `time` falls in. */
const dayStart = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

/** One day of the statistics: its start (UTC, ms) and the figures of that day. */
export interface DayFigures {
  day: number;
  /** Seconds of audio converted (charges of conversions, less their refunds). */
  convertedSeconds: number;
  /** TTS characters used (less refunds). */
  ttsCharacters: number;
  /** Seconds of minutes and credits left at the end of the day. */
  balanceSeconds: number;
}

const isConversion = (reason: string) => reason.startsWith('conversion:') || reason.startsWith('refund:conversion');
const isTts = (reason: string) => reason === 'tts' || reason.startsWith('refund:tts');

/**
 * The last `days` days (today included, oldest first) from the ledger entries of that time: seconds converted
 * and TTS characters used per day, and the balance at each day's end, walked back from `balanceNow` (the
 * seconds available now) through the entries made after that day.
 */
export function dailyFigures(
  entries: readonly LedgerEntry[],
  days: number,
  now: number,
  balanceNow: number,
): DayFigures[] {
  const today = dayStart(now);
  const first = today - (days - 1) * DAY_MS;
  const out: DayFigures[] = Array.from({ length: days }, (_, i) => ({
    day: first + i * DAY_MS,
    convertedSeconds: 0,
    ttsCharacters: 0,
    balanceSeconds: 0,
  }));
  // Deltas per day, to walk the balance back.
  const deltas = new Array<number>(days).fill(0);
  for (const entry of entries) {
    const at = Date.parse(entry.created_at);
    if (Number.isNaN(at) || at > now) continue;
    const index = Math.floor((dayStart(at) - first) / DAY_MS);
    if (index < 0 || index >= days) continue;
    const row = out[index]!;
    if (isConversion(entry.reason)) row.convertedSeconds -= entry.delta_seconds;
    if (isTts(entry.reason)) row.ttsCharacters -= entry.delta_chars;
    deltas[index]! += entry.delta_seconds;
  }
  let balance = balanceNow;
  for (let i = days - 1; i >= 0; i--) {
    const row = out[i]!;
    row.convertedSeconds = Math.max(0, row.convertedSeconds);
    row.ttsCharacters = Math.max(0, row.ttsCharacters);
    row.balanceSeconds = Math.max(0, balance);
    balance -= deltas[i]!;
  }
  return out;
}

/** The NPS survey opens after this many finished conversions. */
export const NPS_AFTER_CONVERSIONS = 5;
/** And at most once in this many days (the server refuses earlier answers). */
export const NPS_INTERVAL_DAYS = 90;

/** Whether to ask the NPS survey: the user has finished five conversions and was not asked in 90 days. */
export function shouldAskNps(finishedConversions: number, lastAskedAt: number | null, now: number): boolean {
  if (finishedConversions < NPS_AFTER_CONVERSIONS) return false;
  return lastAskedAt === null || now - lastAskedAt >= NPS_INTERVAL_DAYS * DAY_MS;
}
