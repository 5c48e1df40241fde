import { describe, expect, it } from 'vitest';
import { formatSize } from './size.ts';

describe('formatSize', () => {
  it('shows bytes below a kilobyte as whole bytes', () => {
    expect(formatSize(0)).toBe('0 B');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1023)).toBe('1023 B');
  });

  it('uses powers of 1024 with one decimal, dropping ".0"', () => {
    expect(formatSize(1024)).toBe('1 KB');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatSize(1073741824)).toBe('1 GB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatSize(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('reads unknown or negative sizes as 0 B', () => {
    expect(formatSize(-5)).toBe('0 B');
    expect(formatSize(Number.NaN)).toBe('0 B');
  });
});
