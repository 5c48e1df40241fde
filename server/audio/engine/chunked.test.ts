import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLIDE } from './chunks.ts';
import { createDspEngine } from './dsp-engine.ts';
import { readLameInfo } from './encode.ts';
import { medianPitch, rms, semitonesBetween, voicePreset, voiceSignal } from './test-signals.ts';
import type { Engine } from './types.ts';

const SR = 48000;
let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-chunked-'));
  // Chunks of 6 s rather than production's 15 s: five chunks (four seams) in 30 s of audio, where 15 s chunks
  // needed 70 s of it, and the same seams to listen for, at less than half the work.
  engine = createDspEngine({ workers: 2, tmpDir: dir, chunkSeconds: 6 });
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

const SECONDS = 30;

describe('a long recording', () => {
  // A vowel that never stops (no pauses to hide the seams in), 30 s, with a gentle vibrato.
  const x = voiceSignal({ seconds: SECONDS, f0: 140, syllables: false, seed: 21, vibratoDepth: 0.02 });
  let result: Awaited<ReturnType<Engine['convert']>>;
  let y: Float32Array;
  const progress: string[] = [];

  beforeAll(async () => {
    result = await engine.convert(
      { pcm: [x.subarray(0, 1_000_000), x.subarray(1_000_000)], sampleRate: SR },
      { preset: voicePreset({ pitch_offset_semitones: 3, formant_scale: 1.05 }), semitones: 2.5 },
      {
        outDir: await mkdtemp(path.join(dir, 'long-')),
        onProgress: (current, total) => progress.push(`${current}/${total}`),
      },
    );
    y = (await decode(await readFile(result.wavPath))).channelData[0]!;
  }, 120_000);

  it('is converted in several chunks, reporting each one in order', () => {
    expect(result.chunks).toBeGreaterThanOrEqual(4);
    expect(progress).toEqual(Array.from({ length: result.chunks }, (_, i) => `${i + 1}/${result.chunks}`));
    expect(result.seams).toHaveLength(result.chunks - 1);
  });

  it('keeps the duration to the sample and the pitch shift throughout', () => {
    expect(result.frames).toBe(x.length);
    expect(y.length).toBe(x.length);
    expect(Math.abs(result.duration - SECONDS)).toBeLessThan(0.01);
    // Every chunk on its own is shifted by 5.5 semitones.
    const bounds = [0, ...result.seams, x.length];
    for (let i = 0; i < bounds.length - 1; i++) {
      const from = bounds[i]!;
      const to = bounds[i + 1]!;
      expect(
        Math.abs(semitonesBetween(medianPitch(x.subarray(from, to), SR), medianPitch(y.subarray(from, to), SR)) - 5.5),
      ).toBeLessThan(0.5);
    }
  });

  it('has no seam a listener could find: no jump, dip or bump beyond what the voice itself does', () => {
    const away = (i: number) => result.seams.every((s) => Math.abs(i - s) > SR);
    // Sample-to-sample jumps.
    let normalJump = 0;
    for (let i = SR; i < y.length - SR; i++)
      if (away(i)) normalJump = Math.max(normalJump, Math.abs(y[i + 1]! - y[i]!));
    // The level in 20 ms windows against the level around them (±100..200 ms). Two chunks crossfaded out
    // of step would partly cancel here (3 dB and more).
    const deviation = (at: number) => {
      const around = (rms(y, at - 9600, at - 4800) + rms(y, at + 4800, at + 9600)) / 2;
      let worst = 0;
      for (let w = at - 2400; w < at + 2400; w += 240)
        worst = Math.max(worst, Math.abs(20 * Math.log10(rms(y, w - 240, w + 720) / around)));
      return worst;
    };
    let normalDeviation = 0;
    for (let at = 2 * SR; at < y.length - 2 * SR; at += 12_345)
      if (away(at)) normalDeviation = Math.max(normalDeviation, deviation(at));
    expect(normalDeviation).toBeLessThan(2);
    result.seams.forEach((seam, i) => {
      let jump = 0;
      for (let j = seam - 2 * SLIDE - 1440; j < seam + 2 * SLIDE + 1440; j++)
        jump = Math.max(jump, Math.abs(y[j + 1]! - y[j]!));
      expect(jump, `jump at seam ${i}`).toBeLessThanOrEqual(normalJump);
      expect(deviation(seam), `level at seam ${i}`).toBeLessThanOrEqual(normalDeviation + 0.5);
    });
  });

  it('writes an MP3 that plays exactly as long and decodes back to the same length (give or take its padding)', async () => {
    const mp3 = await readFile(result.mp3Path);
    expect(readLameInfo(mp3)!.samples).toBe(x.length);
    const decoded = await decode(mp3);
    expect(decoded.sampleRate).toBe(SR);
    const length = decoded.channelData[0]!.length;
    expect(length).toBeGreaterThanOrEqual(x.length);
    expect(length - x.length).toBeLessThan(1152);
    // CBR at 128 kbit/s: the size gives the duration too (what players without the Info frame do).
    expect(Math.abs((mp3.length * 8) / 128_000 - SECONDS)).toBeLessThan(0.1);
  });

  it('gives waveform peaks of the result', () => {
    expect(result.peaks).toMatchObject({ version: 2, channels: 1, sample_rate: SR, bits: 8 });
    expect(result.peaks.length * result.peaks.samples_per_pixel).toBeGreaterThanOrEqual(x.length);
    expect(Math.max(...result.peaks.data)).toBeGreaterThan(10);
  });
});
