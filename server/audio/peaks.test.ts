import { describe, expect, it } from 'vitest';
// The player's own reader: the peaks the server stores must be what it loads.
import { peaksFromAudiowaveform } from '../../design-system/components/WaveformPlayer/peaks.ts';
import { sine } from '../../tests/support/audio.ts';
import { computePeaks, createPeaksBuilder } from './peaks.ts';

describe('waveform peaks', () => {
  it('are audiowaveform version 2 JSON that the WaveformPlayer reads, with the right length and level', () => {
    const samples = sine({ seconds: 2, amplitude: 0.8 });
    const json = computePeaks(samples, 48000);
    expect(json).toMatchObject({ version: 2, channels: 1, sample_rate: 48000, samples_per_pixel: 256, bits: 8 });
    expect(json.length).toBe(Math.ceil(96000 / 256));
    expect(json.data).toHaveLength(json.length * 2);
    const { peaks, duration } = peaksFromAudiowaveform(JSON.parse(JSON.stringify(json)));
    expect(duration).toBeCloseTo(2, 2);
    expect(Math.max(...peaks[0]!)).toBeCloseTo(0.8, 1);
    expect(Math.min(...peaks[0]!)).toBeCloseTo(-0.8, 1);
  });

  it('come out the same fed in pieces as all at once', () => {
    const samples = sine({ seconds: 1, channels: 2 });
    const builder = createPeaksBuilder(48000);
    for (let i = 0; i < 48000; i += 1000) builder.add(samples.map((c) => c.subarray(i, i + 1000)));
    expect(builder.finish()).toEqual(computePeaks(samples, 48000));
  });

  it('mix channels into one waveform', () => {
    const left = new Float32Array(512).fill(0.5);
    const right = new Float32Array(512).fill(-0.5);
    expect(computePeaks([left, right], 8000).data).toEqual([0, 0, 0, 0]);
  });

  it('merge neighbouring pixels of long audio exactly, keeping the extremes', () => {
    const samples = new Float32Array(256 * 100);
    samples[256 * 37 + 5] = 0.75;
    samples[256 * 81] = -0.5;
    const json = computePeaks([samples], 48000, { maxLength: 10 });
    expect(json).toMatchObject({ length: 10, samples_per_pixel: 2560 });
    expect(json.data[3 * 2 + 1]).toBe(96);
    expect(json.data[8 * 2]).toBe(-64);
    expect(peaksFromAudiowaveform(json).duration).toBeCloseTo((256 * 100) / 48000, 5);
  });

  it('can be 16-bit', () => {
    const json = computePeaks([new Float32Array([1, -1, 0.5])], 8000, { bits: 16 });
    expect(json).toMatchObject({ bits: 16, length: 1, data: [-32768, 32767] });
  });
});
