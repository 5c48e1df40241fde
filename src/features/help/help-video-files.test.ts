import { describe, expect, it } from 'vitest';
import { toVtt, vttTime } from './help-video-files.ts';
import recorded from './help-video-transcript.json';

describe('the walkthrough’s captions', () => {
  it('writes WebVTT timestamps', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(12.3456)).toBe('00:00:12.346');
    expect(vttTime(75.5)).toBe('00:01:15.500');
    expect(vttTime(3600 + 61.25)).toBe('01:01:01.250');
  });

  it('writes a WebVTT file, one numbered cue a step', () => {
    expect(
      toVtt([
        { start: 0, end: 4.2, text: 'Sign up.' },
        { start: 4.2, end: 9, text: 'Choose voices.' },
      ]),
    ).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.200\nSign up.\n\n2\n00:00:04.200 --> 00:00:09.000\nChoose voices.\n',
    );
  });

  it('the recorded transcript: steps in order, back to back, 30–60 s in all', () => {
    const { cues, duration } = recorded;
    expect(cues.length).toBeGreaterThanOrEqual(5);
    for (const [i, cue] of cues.entries()) {
      expect(cue.end).toBeGreaterThan(cue.start);
      if (i > 0) expect(cue.start).toBeCloseTo(cues[i - 1]!.end, 1);
    }
    expect(duration).toBe(cues.at(-1)!.end);
    expect(duration).toBeGreaterThanOrEqual(25);
    expect(duration).toBeLessThanOrEqual(75);
  });
});
