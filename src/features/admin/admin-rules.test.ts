import { describe, expect, it } from 'vitest';
import { makeReport, makeUsage } from './story-fakes.ts';
import { testUser } from '../../api/testing/index.ts';
import { minutesOf, queueOrder, trustOf, withUsage } from './admin-rules.ts';

describe('admin rules', () => {
  it('gives each trust level its colour and words, gray for an unknown level', () => {
    expect([0, 1, 2, 3].map((l) => trustOf(l).colour)).toEqual(['gray', 'red', 'orange', 'green']);
    expect(trustOf(1).label).toBe('admin.trust.red');
    expect(trustOf(9).colour).toBe('gray');
  });

  it('joins a users page with its usage rows by id, null for a user without one', () => {
    const ada = { ...testUser(), id: 'a' };
    const bob = { ...testUser(), id: 'b' };
    const rows = withUsage([ada, bob], [makeUsage('b', { conversions: 3 })]);
    expect(rows.map((r) => [r.user.id, r.usage?.conversions ?? null])).toEqual([
      ['a', null],
      ['b', 3],
    ]);
  });

  it('orders the queue reds first, then newest first', () => {
    const old = makeReport(1, { created_at: '2026-01-01T00:00:00.000Z' });
    const recent = makeReport(2, { created_at: '2026-01-05T00:00:00.000Z' });
    const red = makeReport(3, { created_at: '2025-12-01T00:00:00.000Z', t_level: 1 });
    expect([old, recent, red].sort(queueOrder).map((r) => r.id)).toEqual([red.id, recent.id, old.id]);
  });

  it('shows minutes with one decimal under ten', () => {
    expect(minutesOf(90)).toBe(1.5);
    expect(minutesOf(1800)).toBe(30);
    expect(minutesOf(0)).toBe(0);
  });
});
