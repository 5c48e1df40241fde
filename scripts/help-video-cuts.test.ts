import { describe, expect, it } from 'vitest';
import { cutWaits, selectFilter } from './help-video-cuts.ts';

describe('the walkthrough’s cuts', () => {
  it('keeps a quick step whole and cuts the middle of a long wait, the cues following the cut timeline', () => {
    const { segments, cues } = cutWaits([
      { start: 0.5, done: 2, end: 6, text: 'Quick' },
      // A conversion of 14 s: its first and last 1.5 s stay.
      { start: 6, done: 20, end: 24, text: 'Slow' },
      { start: 24, done: 25, end: 29, text: 'Quick again' },
    ]);
    expect(segments).toEqual([
      [0.5, 6],
      [6, 7.5],
      [18.5, 24],
      [24, 29],
    ]);
    expect(cues).toEqual([
      { start: 0, end: 5.5, text: 'Quick' },
      { start: 5.5, end: 12.5, text: 'Slow' },
      { start: 12.5, end: 17.5, text: 'Quick again' },
    ]);
  });

  it('writes the ffmpeg filter that keeps those parts', () => {
    expect(
      selectFilter(
        [
          [0.5, 6],
          [18.5, 24],
        ],
        15,
      ),
    ).toBe("fps=15,select='between(t,0.500,6.000)+between(t,18.500,24.000)',setpts=N/15/TB");
  });
});
