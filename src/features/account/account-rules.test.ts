import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './api/account-api.ts';
import { DAY_MS, dailyFigures, emailMatches, expiresAtFor, shouldAskNps } from './account-rules.ts';

const entry = (at: string, reason: string, seconds: number, chars = 0): LedgerEntry => ({
  id: crypto.randomUUID(),
  created_at: at,
  reason,
  delta_seconds: seconds,
  delta_chars: chars,
  recording_id: null,
  recording_label: null,
});

describe('emailMatches', () => {
  it('accepts the account address whatever the case and surrounding spaces', () => {
    expect(emailMatches('  Ada@Example.test ', 'ada@example.test')).toBe(true);
  });
  it('refuses another address, a part of it, or nothing', () => {
    expect(emailMatches('ada@example.tes', 'ada@example.test')).toBe(false);
    expect(emailMatches('', 'ada@example.test')).toBe(false);
    expect(emailMatches('', '')).toBe(false);
  });
});

describe('expiresAtFor', () => {
  const now = Date.UTC(2026, 0, 1);
  it('is the chosen number of days ahead', () => {
    expect(expiresAtFor('30', now)).toBe('2026-01-31T00:00:00.000Z');
    expect(expiresAtFor('365', now)).toBe('2027-01-01T00:00:00.000Z');
  });
  it('is null for a key that never expires', () => {
    expect(expiresAtFor('never', now)).toBeNull();
  });
});

describe('dailyFigures', () => {
  const now = Date.UTC(2026, 0, 10, 12);
  it('puts each charge on its day, refunds taken off, TTS apart', () => {
    const days = dailyFigures(
      [
        entry('2026-01-10T08:00:00Z', 'conversion:plan', -60),
        entry('2026-01-10T09:00:00Z', 'conversion:credits', -30),
        entry('2026-01-09T09:00:00Z', 'conversion:plan', -120),
        entry('2026-01-09T10:00:00Z', 'refund:conversion:plan', 20),
        entry('2026-01-08T10:00:00Z', 'tts', 0, -500),
      ],
      3,
      now,
      1000,
    );
    expect(days.map((d) => d.day)).toEqual([now - 2 * DAY_MS, now - DAY_MS, now].map((t) => t - 12 * 3_600_000));
    expect(days.map((d) => d.convertedSeconds)).toEqual([0, 100, 90]);
    expect(days.map((d) => d.ttsCharacters)).toEqual([500, 0, 0]);
  });

  it('walks the balance back from now through later grants and charges', () => {
    const days = dailyFigures(
      [entry('2026-01-10T08:00:00Z', 'conversion:plan', -60), entry('2026-01-09T08:00:00Z', 'trial', 600)],
      3,
      now,
      540,
    );
    // End of the 10th: 540; of the 9th: 540 + 60; of the 8th: 600 - 600.
    expect(days.map((d) => d.balanceSeconds)).toEqual([0, 600, 540]);
  });

  it('leaves out entries outside the range', () => {
    const days = dailyFigures([entry('2025-12-01T08:00:00Z', 'conversion:plan', -60)], 7, now, 0);
    expect(days.every((d) => d.convertedSeconds === 0)).toBe(true);
    expect(days).toHaveLength(7);
  });
});

describe('shouldAskNps', () => {
  const now = Date.UTC(2026, 5, 1);
  it('asks from the fifth finished conversion', () => {
    expect(shouldAskNps(4, null, now)).toBe(false);
    expect(shouldAskNps(5, null, now)).toBe(true);
  });
  it('asks again only 90 days after the last time', () => {
    expect(shouldAskNps(9, now - 89 * DAY_MS, now)).toBe(false);
    expect(shouldAskNps(9, now - 90 * DAY_MS, now)).toBe(true);
  });
});
