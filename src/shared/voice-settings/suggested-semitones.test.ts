import { describe, expect, it } from 'vitest';
import { snapSemitones, suggestPitchShift } from './suggested-semitones.ts';

describe('suggestPitchShift', () => {
  it('suggests the semitones from the speaker to the voice, an octave being 12', () => {
    expect(suggestPitchShift(120, 240)).toEqual({ difference: 12, semitones: 12 });
    expect(suggestPitchShift(220, 110)).toEqual({ difference: -12, semitones: -12 });
    // A fifth: 12·log2(1.5) = 7.02.
    expect(suggestPitchShift(100, 150)).toEqual({ difference: 7, semitones: 7 });
  });

  it("subtracts the voice's own offset: the conversion shifts by it already", () => {
    // 120 Hz onto 190.5 Hz is 8 st; a voice that shifts by +2 itself needs +6 more.
    expect(suggestPitchShift(120, 190.5, 2)).toEqual({ difference: 8, semitones: 6 });
    // A low voice (−3) for a speaker 6 st above it: −6 − (−3) = −3.
    expect(suggestPitchShift(169.7, 120, -3)).toEqual({ difference: -6, semitones: -3 });
    // A speaker already at the voice that shifts by +5: undo the offset.
    expect(suggestPitchShift(187.1, 187.1, 5)).toEqual({ difference: 0, semitones: -5 });
  });

  it("snaps to the slider's half semitones, halves away from zero, never −0", () => {
    expect(suggestPitchShift(120, 127)?.semitones).toBe(1); // 0.98
    expect(suggestPitchShift(120, 123.5)?.semitones).toBe(0.5); // 0.50
    expect(suggestPitchShift(120, 121)?.semitones).toBe(0); // 0.14
    expect(Object.is(suggestPitchShift(121, 120)?.semitones, 0)).toBe(true);
    expect(suggestPitchShift(120, 190.5, 2.2)?.semitones).toBe(6); // 5.80
    expect(snapSemitones(0.25)).toBe(0.5);
    expect(snapSemitones(-0.25)).toBe(-0.5);
  });

  it("keeps the suggestion within the slider's −24..24", () => {
    expect(suggestPitchShift(50, 1000)).toEqual({ difference: 24, semitones: 24 });
    expect(suggestPitchShift(1000, 50)?.semitones).toBe(-24);
    expect(suggestPitchShift(100, 400, -10)?.semitones).toBe(24); // 24 + 10, kept at 24
  });

  it('suggests nothing without a measured speaker or voice pitch', () => {
    expect(suggestPitchShift(null, 120)).toBeNull();
    expect(suggestPitchShift(undefined, 120)).toBeNull();
    expect(suggestPitchShift(0, 120)).toBeNull();
    expect(suggestPitchShift(120, 0)).toBeNull();
    expect(suggestPitchShift(Number.NaN, 120)).toBeNull();
    expect(suggestPitchShift(120, Number.POSITIVE_INFINITY)).toBeNull();
  });
});
