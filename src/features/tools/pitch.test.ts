import { describe, expect, it } from 'vitest';
import { MAX_F0_HZ, medianPitch } from './pitch.ts';

const RATE = 48_000;

/** A voice-like tone: a fundamental and falling harmonics, `seconds` long at `rate`. */
function tone(f0: number, seconds: number, rate = RATE, amplitude = 0.3): Float32Array {
  const out = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < out.length; i++) {
    const t = i / rate;
    let v = 0;
    for (let h = 1; h <= 6; h++) v += Math.sin(2 * Math.PI * f0 * h * t) / h;
    out[i] = amplitude * 0.5 * v;
  }
  return out;
}

/** Seeded white noise, so a failure repeats. */
function noise(seconds: number, amplitude: number, seed = 7): Float32Array {
  let s = seed;
  const out = new Float32Array(Math.round(seconds * RATE));
  for (let i = 0; i < out.length; i++) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    out[i] = amplitude * ((s / 2 ** 31) * 2 - 1);
  }
  return out;
}

const concat = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('medianPitch: the median F0 of a few seconds, in the browser', () => {
  it.each([65, 85, 110, 147, 196, 233, 262, 330, 440, 550])('finds a %d Hz tone within 2 %%', (f0) => {
    const estimate = medianPitch(tone(f0, 3), RATE);
    expect(estimate).not.toBeNull();
    expect(Math.abs(estimate!.medianHz - f0) / f0).toBeLessThan(0.02);
    expect(estimate!.voicedSeconds).toBeGreaterThan(2.5);
  });

  it('works at the rates browsers record at (44.1 kHz, 16 kHz, 8 kHz)', () => {
    for (const rate of [44_100, 16_000, 8_000]) {
      const estimate = medianPitch(tone(180, 3, rate), rate);
      expect(Math.abs(estimate!.medianHz - 180) / 180, String(rate)).toBeLessThan(0.02);
    }
  });

  it('takes the median over the voiced part only: pauses and room noise between phrases are left out', () => {
    const take = concat(noise(1, 0.002), tone(120, 1.5), noise(1, 0.002), tone(125, 1.5), noise(0.5, 0.002));
    const estimate = medianPitch(take, RATE)!;
    expect(estimate.medianHz).toBeGreaterThan(118);
    expect(estimate.medianHz).toBeLessThan(127);
    expect(estimate.voicedSeconds).toBeLessThan(3.2);
  });

  it('is the median, not the mean: a short higher phrase does not move it', () => {
    const estimate = medianPitch(concat(tone(100, 2.5), tone(300, 0.8)), RATE)!;
    expect(Math.abs(estimate.medianHz - 100) / 100).toBeLessThan(0.02);
  });

  it('answers null for silence, noise, a whistle above the voice range, and too short a sound', () => {
    expect(medianPitch(new Float32Array(RATE * 3), RATE)).toBeNull();
    expect(medianPitch(noise(3, 0.3), RATE)).toBeNull();
    expect(medianPitch(tone(MAX_F0_HZ * 2, 3), RATE)).toBeNull();
    expect(medianPitch(tone(150, 0.5), RATE)).toBeNull();
    expect(medianPitch(new Float32Array(0), RATE)).toBeNull();
  });
});
