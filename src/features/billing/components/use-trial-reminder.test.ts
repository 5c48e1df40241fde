import { describe, expect, it } from 'vitest';
import { trialReminder } from './use-trial-reminder.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const inHours = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('trial reminder', () => {
  it('warns once when a day or less of the trial is left', () => {
    const end = inHours(20);
    const due = trialReminder('trial', end, 'u1', null, NOW);
    expect(due).toEqual({ data: { kind: 'ending', endsAt: end }, token: `ending:${end}` });
    expect(trialReminder('trial', end, 'u1', due!.token, NOW)).toBeNull();
    expect(trialReminder('trial', inHours(30), 'u1', null, NOW)).toBeNull();
  });

  it('says once that the trial has ended', () => {
    const due = trialReminder('trialExpired', null, 'u1', 'ending:x', NOW);
    expect(due?.data).toEqual({ kind: 'expired' });
    expect(trialReminder('trialExpired', null, 'u1', 'expired:u1', NOW)).toBeNull();
  });

  it('says nothing on a paid plan', () => {
    expect(trialReminder('active', inHours(1), 'u1', null, NOW)).toBeNull();
  });
});
