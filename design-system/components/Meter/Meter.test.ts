import { describe, expect, it } from 'vitest';
import { meterTone } from './tone.ts';

describe('meterTone', () => {
  describe('when high values are bad (credits used)', () => {
    const thresholds = { warning: 75, danger: 90 };
    it.each([
      [0, 'normal'],
      [74.9, 'normal'],
      [75, 'warning'],
      [89, 'warning'],
      [90, 'danger'],
      [100, 'danger'],
    ] as const)('%s%% is %s', (percentage, tone) => {
      expect(meterTone(percentage, thresholds)).toBe(tone);
    });
  });

  describe('when low values are bad (credits left)', () => {
    const thresholds = { warning: 25, danger: 10 };
    it.each([
      [100, 'normal'],
      [25.1, 'normal'],
      [25, 'warning'],
      [11, 'warning'],
      [10, 'danger'],
      [0, 'danger'],
    ] as const)('%s%% is %s', (percentage, tone) => {
      expect(meterTone(percentage, thresholds)).toBe(tone);
    });
  });
});
