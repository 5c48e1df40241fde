import { describe, expect, it } from 'vitest';
import { labelIndexes, niceMax } from './Chart.tsx';

describe('niceMax', () => {
  it('rounds the top of the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(13)).toBe(20);
    expect(niceMax(420)).toBe(500);
    expect(niceMax(0.3)).toBe(0.5);
  });
});

describe('labelIndexes', () => {
  it('labels every point when few', () => {
    expect(labelIndexes(7)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
  it('labels at most eight, the last one always', () => {
    const shown = labelIndexes(90);
    expect(shown.length).toBeLessThanOrEqual(8);
    expect(shown.at(-1)).toBe(89);
  });
});
