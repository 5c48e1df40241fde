import { describe, expect, it } from 'vitest';
import { testCredits } from '../../api/testing/index.ts';
import { allowance, forecastRunOut, ledgerReasonId, secondsConverted, usageOf, type LedgerEntry } from './usage.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const DAY = 86_400_000;
let n = 0;
const entry = (daysAgo: number, reason: string, seconds: number): LedgerEntry => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  created_at: new Date(NOW - daysAgo * DAY).toISOString(),
  reason,
  delta_seconds: seconds,
  delta_chars: 0,
  recording_id: null,
  recording_label: null,
});

describe('allowance', () => {
  it('derives used and its percentage (SPEC.md section 3)', () => {
    expect(allowance(7200, 5400)).toEqual({ total: 7200, left: 5400, used: 1800, percentUsed: 25 });
    expect(allowance(600, 0)).toEqual({ total: 600, left: 0, used: 600, percentUsed: 100 });
    expect(allowance(0, 0)).toEqual({ total: 0, left: 0, used: 0, percentUsed: 0 });
    expect(allowance(300, 200).percentUsed).toBe(33.3);
  });

  it('reads the credits into the plan page’s meters', () => {
    const usage = usageOf(testCredits({ seconds: 600, chars: 500, subscription_seconds: 450, tts_chars: 100 }));
    expect(usage.planSeconds.used).toBe(150);
    expect(usage.characters.percentUsed).toBe(80);
    expect(usage.requests).toEqual({ used: 0, limit: 100 });
  });
});

describe('forecast', () => {
  it('says when the minutes run out at the pace of the last two weeks', () => {
    // 600 s over the last 6 days (the first conversion 6 days ago) → 100 s a day; 1,000 s left → 10 days.
    const entries = [
      entry(6, 'conversion:plan', -300),
      entry(1, 'conversion:plan', -300),
      entry(20, 'conversion:plan', -5000),
    ];
    expect(forecastRunOut(entries, 1000, NOW)?.toISOString()).toBe(new Date(NOW + 10 * DAY).toISOString());
  });

  it('counts refunds back and a day at least', () => {
    const entries = [entry(0.1, 'conversion:plan', -100), entry(0.05, 'refund:conversion:plan', 50)];
    expect(secondsConverted(entries, NOW - DAY)).toBe(50);
    // 50 s in (at least) a day; 100 s left → two days.
    expect(forecastRunOut(entries, 100, NOW)?.toISOString()).toBe(new Date(NOW + 2 * DAY).toISOString());
  });

  it('has nothing to say without conversions or without seconds left', () => {
    expect(forecastRunOut([entry(1, 'trial', 600)], 600, NOW)).toBeNull();
    expect(forecastRunOut([entry(1, 'conversion:plan', -60)], 0, NOW)).toBeNull();
  });

  it('names every reason, refunds as refunds', () => {
    expect(ledgerReasonId('conversion:plan')).toBe('billing.ledger.reason.conversion_plan');
    expect(ledgerReasonId('refund:conversion:credits')).toBe('billing.ledger.reason.refund');
    expect(ledgerReasonId('something_new')).toBe('billing.ledger.reason.other');
  });
});
