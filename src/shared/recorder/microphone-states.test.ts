import { describe, expect, it } from 'vitest';
import { isPermissionError, takeOf } from './microphone-states.ts';

describe('isPermissionError', () => {
  it('is a refused or insecure permission, not another failure', () => {
    expect(isPermissionError(new DOMException('Permission denied', 'NotAllowedError'))).toBe(true);
    expect(isPermissionError(new DOMException('Insecure', 'SecurityError'))).toBe(true);
    expect(isPermissionError(Object.assign(new Error('denied'), { name: 'NotAllowedError' }))).toBe(true);
    expect(isPermissionError(new DOMException('No device', 'NotFoundError'))).toBe(false);
    expect(isPermissionError(new Error('boom'))).toBe(false);
    expect(isPermissionError(null)).toBe(false);
  });
});

describe('takeOf', () => {
  const done = (seconds: number, sampleRate = 48_000) => ({
    type: 'capture.done' as const,
    samples: new Float32Array(seconds * sampleRate).fill(0.25),
    sampleRate,
  });

  it('keeps a take within the limit whole, as a 16-bit mono WAV', () => {
    const take = takeOf(done(2), 30);
    expect(take.seconds).toBe(2);
    expect(take.sampleRate).toBe(48_000);
    expect(take.wav.type).toBe('audio/wav');
    expect(take.wav.size).toBe(44 + 2 * 48_000 * 2);
  });

  it('cuts a longer take to the limit', () => {
    const take = takeOf(done(3, 8000), 2.5);
    expect(take.seconds).toBe(2.5);
    expect(take.wav.size).toBe(44 + 20_000 * 2);
  });
});
