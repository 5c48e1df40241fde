import { describe, expect, it } from 'vitest';
import { audiowaveformFromSamples, peaksFromAudiowaveform } from './peaks.ts';

describe('peaksFromAudiowaveform', () => {
  it('normalises 8-bit mono peaks and computes the duration', () => {
    const { peaks, duration } = peaksFromAudiowaveform({
      version: 2,
      channels: 1,
      sample_rate: 48000,
      samples_per_pixel: 256,
      bits: 8,
      length: 3,
      data: [-128, 127, -64, 64, 0, 0],
    });
    expect(peaks).toHaveLength(1);
    expect(Array.from(peaks[0] ?? [])).toEqual([-1, 127 / 128, -0.5, 0.5, 0, 0]);
    expect(duration).toBeCloseTo((3 * 256) / 48000, 10);
  });

  it('normalises 16-bit peaks', () => {
    const { peaks } = peaksFromAudiowaveform({
      version: 2,
      channels: 1,
      sample_rate: 44100,
      samples_per_pixel: 512,
      bits: 16,
      length: 1,
      data: [-32768, 16384],
    });
    expect(Array.from(peaks[0] ?? [])).toEqual([-1, 0.5]);
  });

  it('splits interleaved channels', () => {
    const { peaks } = peaksFromAudiowaveform({
      version: 2,
      channels: 2,
      sample_rate: 8000,
      samples_per_pixel: 80,
      bits: 8,
      length: 2,
      // pixel 0: left, right; pixel 1: left, right
      data: [-64, 64, -32, 32, -16, 16, -8, 8],
    });
    expect(Array.from(peaks[0] ?? [])).toEqual([-0.5, 0.5, -0.125, 0.125]);
    expect(Array.from(peaks[1] ?? [])).toEqual([-0.25, 0.25, -0.0625, 0.0625]);
  });

  it('reads version 1 as mono', () => {
    const { peaks, duration } = peaksFromAudiowaveform({
      version: 1,
      sample_rate: 8000,
      samples_per_pixel: 8000,
      bits: 8,
      length: 2,
      data: [-1, 1, -2, 2],
    });
    expect(peaks).toHaveLength(1);
    expect(duration).toBe(2);
  });

  it('rejects malformed input', () => {
    const good = {
      version: 2,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 80,
      bits: 8,
      length: 1,
      data: [0, 0],
    };
    expect(() => peaksFromAudiowaveform(null)).toThrow(TypeError);
    expect(() => peaksFromAudiowaveform({ ...good, version: 3 })).toThrow(/version/);
    expect(() => peaksFromAudiowaveform({ ...good, bits: 12 })).toThrow(/bits/);
    expect(() => peaksFromAudiowaveform({ ...good, sample_rate: 0 })).toThrow(/sample_rate/);
    expect(() => peaksFromAudiowaveform({ ...good, length: 2 })).toThrow(/data holds 2 values, 4 expected/);
    expect(() => peaksFromAudiowaveform({ ...good, data: 'x' })).toThrow(/array/);
  });
});

describe('audiowaveformFromSamples', () => {
  it('takes the min and max of each block as integers', () => {
    const samples = new Float32Array([0.5, -0.25, 1, -1, 0.1]);
    const json = audiowaveformFromSamples([samples], 8000, 2, 8);
    expect(json).toEqual({
      version: 2,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 2,
      bits: 8,
      length: 3,
      data: [-32, 64, -128, 127, 0, 13],
    });
  });

  it('round-trips through peaksFromAudiowaveform within one quantisation step', () => {
    const sampleRate = 8000;
    const samples = Float32Array.from(
      { length: sampleRate },
      (_, i) => 0.8 * Math.sin((2 * Math.PI * 220 * i) / sampleRate),
    );
    const { peaks, duration } = peaksFromAudiowaveform(audiowaveformFromSamples([samples], sampleRate, 256, 16));
    expect(duration).toBeCloseTo(Math.ceil(sampleRate / 256) * (256 / sampleRate), 10);
    const max = Math.max(...Array.from(peaks[0] ?? []));
    expect(max).toBeCloseTo(0.8, 3);
  });
});
