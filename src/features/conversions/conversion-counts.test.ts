import { describe, expect, it } from 'vitest';
import { existingConversions } from './conversion-counts.ts';

describe('existingConversions', () => {
  const choices = [
    { id: 'ava', name: 'Ava' },
    { id: 'bruno', name: 'Bruno' },
    { id: 'cleo', name: 'Cleo' },
  ];

  it('names the chosen voices the original already has conversions into, in the order chosen', () => {
    expect(existingConversions({ cleo: 2, ava: 1, bruno: 0 }, choices)).toEqual([
      { voiceId: 'ava', name: 'Ava', count: 1 },
      { voiceId: 'cleo', name: 'Cleo', count: 2 },
    ]);
  });

  it('leaves out voices the answer does not name, and says a voice chosen twice once', () => {
    expect(existingConversions({ bruno: 3 }, [...choices, { id: 'bruno', name: 'Bruno' }])).toEqual([
      { voiceId: 'bruno', name: 'Bruno', count: 3 },
    ]);
    expect(existingConversions({}, choices)).toEqual([]);
  });
});
