import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, pcmWav } from '../../../tests/support/audio.ts';
import { NotAudioError, TooLongError } from '../analyze.ts';
import { createLoudnessMeter } from './loudness.ts';
import { createDspEngine } from './dsp-engine.ts';
import {
  medianPitch,
  powerSpectrum,
  rms,
  semitonesBetween,
  spectralCentroid,
  voicePreset,
  voiceSignal,
} from './test-signals.ts';
import type { ConversionResult, ConvertInput, ConvertParams, Engine } from './types.ts';

const SR = 48000;
let engine: Engine;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-convert-'));
  engine = createDspEngine({ workers: 2, tmpDir: dir });
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

/** Converts, then reads the WAV back. */
async function run(input: ConvertInput, params: ConvertParams) {
  const result = await engine.convert(input, params, { outDir: await mkdtemp(path.join(dir, 'out-')) });
  const wav = await decode(await readFile(result.wavPath));
  expect(wav.sampleRate).toBe(SR);
  expect(wav.channelData).toHaveLength(1);
  return { result, samples: wav.channelData[0]! };
}
const pcm = (x: Float32Array, sampleRate = SR): ConvertInput => ({ pcm: [x], sampleRate });

describe('pitch', () => {
  it.each([
    // voice offset, user semitones, the voice's own pitch
    [3, 2.5, 140],
    [-4, -3.5, 220],
    [0, 12, 110],
  ])(
    'moves the median pitch by the voice offset %d plus the user’s %d semitones (%d Hz voice)',
    async (offset, semitones, f0) => {
      const x = voiceSignal({ seconds: 8, f0, seed: f0 });
      const { result, samples } = await run(pcm(x), {
        preset: voicePreset({ pitch_offset_semitones: offset }),
        semitones,
      });
      expect(result.semitones).toBe(offset + semitones);
      expect(samples.length).toBe(x.length);
      expect(result.frames).toBe(x.length);
      expect(result.duration).toBe(8);
      const shift = semitonesBetween(medianPitch(x, SR), medianPitch(samples, SR));
      expect(Math.abs(shift - (offset + semitones))).toBeLessThan(0.5);
    },
  );
});

describe('formants', () => {
  const x = voiceSignal({ seconds: 6, f0: 140, seed: 5 });
  const centroid = spectralCentroid(x, SR);
  const pitch = medianPitch(x, SR);

  it.each([
    [1.25, 1.08, 1.5],
    [0.8, 0.6, 0.93],
  ])('moves the spectral envelope by a formant scale of %d and leaves the pitch alone', async (scale, low, high) => {
    const { samples } = await run(pcm(x), { preset: voicePreset({ formant_scale: scale }), semitones: 0 });
    expect(Math.abs(semitonesBetween(pitch, medianPitch(samples, SR)))).toBeLessThan(0.3);
    const ratio = spectralCentroid(samples, SR) / centroid;
    expect(ratio).toBeGreaterThan(low);
    expect(ratio).toBeLessThan(high);
  });

  it('keeps the formants where they were when only the pitch moves, unlike a plain pitch shift', async () => {
    const up = 7;
    const preserved = await run(pcm(x), { preset: voicePreset(), semitones: up });
    // A formant scale equal to the pitch ratio is what a resampling "chipmunk" shift does.
    const chipmunk = await run(pcm(x), { preset: voicePreset({ formant_scale: 2 ** (up / 12) }), semitones: up });
    for (const { samples } of [preserved, chipmunk]) {
      expect(Math.abs(semitonesBetween(pitch, medianPitch(samples, SR)) - up)).toBeLessThan(0.5);
    }
    expect(spectralCentroid(preserved.samples, SR) / centroid).toBeGreaterThan(0.9);
    expect(spectralCentroid(preserved.samples, SR) / centroid).toBeLessThan(1.12);
    expect(spectralCentroid(chipmunk.samples, SR) / centroid).toBeGreaterThan(1.25);
  });
});

describe('timbre', () => {
  const x = voiceSignal({ seconds: 6, f0: 160, seed: 9 });
  /** dB of the energy above 3.5 kHz relative to the energy below. */
  const highToLow = (samples: Float32Array) => {
    const power = powerSpectrum(samples);
    const split = Math.round((3500 / SR) * 4096);
    const sum = (from: number, to: number) => power.slice(from, to).reduce((a, b) => a + b, 0);
    return 10 * Math.log10(sum(split, power.length) / sum(1, split));
  };

  it('colours the spectrum as the voice’s timbre asks', async () => {
    const plain = await run(pcm(x), { preset: voicePreset(), semitones: 0 });
    const bright = await run(pcm(x), { preset: voicePreset({ timbre: { brightness: 1 } }), semitones: 0 });
    const dark = await run(pcm(x), { preset: voicePreset({ timbre: { tilt_db_per_octave: -3 } }), semitones: 0 });
    expect(highToLow(bright.samples) - highToLow(plain.samples)).toBeGreaterThan(3);
    expect(highToLow(dark.samples) - highToLow(plain.samples)).toBeLessThan(-4);
  });
});

describe('inputs', () => {
  const f0 = 150;
  const x44 = voiceSignal({ seconds: 5, f0, sampleRate: 44100, seed: 11 });

  async function encoded(kind: 'mp3' | 'ogg'): Promise<Buffer> {
    const encoder = kind === 'mp3' ? await createMp3Encoder() : await createOggEncoder();
    encoder.configure({
      sampleRate: 44100,
      channels: 2,
      ...(kind === 'mp3' ? { bitrate: 128 } : { vbrQuality: 5 }),
    } as never);
    return Buffer.concat([Buffer.from(encoder.encode([x44, x44])), Buffer.from(encoder.finalize())]);
  }

  it('decodes a 44.1 kHz stereo WAV file to 48 kHz mono of the same duration', async () => {
    const file = path.join(dir, 'in.wav');
    await writeFile(file, pcmWav([x44, x44.map((v) => v * 0.5)], 44100));
    const { result, samples } = await run(
      { file },
      { preset: voicePreset({ pitch_offset_semitones: 2 }), semitones: 0 },
    );
    expect(result.frames).toBe(5 * SR);
    expect(Math.abs(semitonesBetween(f0, medianPitch(samples, SR)) - 2)).toBeLessThan(0.5);
  });

  it.each(['mp3', 'ogg'] as const)('decodes a %s byte stream', async (kind) => {
    const bytes = await encoded(kind);
    const { result, samples } = await run(
      { bytes: [bytes.subarray(0, 5000), bytes.subarray(5000)] },
      { preset: voicePreset(), semitones: -2 },
    );
    // MP3 without gapless info decodes with the encoder's delay and padding (under 50 ms) added.
    expect(result.duration).toBeGreaterThanOrEqual(5 - 0.001);
    expect(result.duration).toBeLessThan(kind === 'mp3' ? 5.06 : 5.001);
    expect(Math.abs(semitonesBetween(f0, medianPitch(samples, SR)) + 2)).toBeLessThan(0.5);
  });

  it.each(['sine-1s.opus', 'sine-1s.webm', 'sine-1s.aac', 'sine-1s.m4a', 'sine-1s-moov-at-end.m4a', 'sine-1s.flac'])(
    'converts %s (made by ffmpeg)',
    async (name) => {
      const { result, samples } = await run({ file: fixturesDir + name }, { preset: voicePreset(), semitones: 12 });
      // Codecs add a few ms of priming; the 440 Hz sine comes out an octave up.
      expect(Math.abs(result.duration - 1)).toBeLessThan(0.03);
      const power = powerSpectrum(samples);
      const peak = power.indexOf(Math.max(...power));
      expect(Math.abs((peak * SR) / 4096 - 880)).toBeLessThan(15);
    },
  );

  it('refuses what is not audio, and what is too long', async () => {
    await expect(
      engine.convert(
        { bytes: [Buffer.from('not audio at all, just some text'.repeat(200))] },
        { preset: voicePreset(), semitones: 0 },
      ),
    ).rejects.toThrow(NotAudioError);
    await expect(
      engine.convert(pcm(x44, 44100), { preset: voicePreset(), semitones: 0 }, { maxSeconds: 2 }),
    ).rejects.toThrow(TooLongError);
  });

  it('refuses semitones off the 0.5 grid before doing anything', async () => {
    await expect(engine.convert(pcm(x44, 44100), { preset: voicePreset(), semitones: 1.25 })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('denoise and loudness', () => {
  const voice = voiceSignal({ seconds: 8, f0: 130, seed: 13, level: 0.25 });
  let seed = 99;
  const noisy = voice.map((v) => v + 0.01 * ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 31 - 1) * Math.sqrt(3));
  /** RMS where the clean voice is silent (its pauses) and where it sounds. */
  function levels(samples: Float32Array) {
    let quiet = 0;
    let nq = 0;
    let loud = 0;
    let nl = 0;
    for (let b = 0; b + 480 <= voice.length; b += 480) {
      const v = rms(voice, b, b + 480);
      const s = rms(samples, b, b + 480) ** 2;
      if (v < 1e-4) {
        quiet += s;
        nq++;
      } else if (v > 0.05) {
        loud += s;
        nl++;
      }
    }
    return { pause: Math.sqrt(quiet / nq), voice: Math.sqrt(loud / nl) };
  }

  it('suppresses the noise in the pauses and keeps the voice', async () => {
    const before = levels(noisy);
    const { samples } = await run(pcm(noisy), { preset: voicePreset(), semitones: 0, denoise: true });
    const after = levels(samples);
    expect(20 * Math.log10(after.pause / before.pause)).toBeLessThan(-10);
    expect(Math.abs(20 * Math.log10(after.voice / before.voice))).toBeLessThan(3);
    // Without denoise the noise stays.
    const kept = levels((await run(pcm(noisy), { preset: voicePreset(), semitones: 0 })).samples);
    expect(Math.abs(20 * Math.log10(kept.pause / before.pause))).toBeLessThan(1);
  });

  const measure = (samples: Float32Array) => {
    const meter = createLoudnessMeter(SR);
    meter.add(samples);
    return { lufs: meter.integrated()!, peak: meter.peak };
  };

  it('normalises to −16 LUFS with peaks under −1 dBFS, or gives back the original’s loudness', async () => {
    const quiet = voice.map((v) => v * 0.1);
    const input = measure(quiet);
    const normalised: ConversionResult & { samples?: Float32Array } = (
      await run(pcm(quiet), { preset: voicePreset(), semitones: 3, normalise: true })
    ).result;
    const n = measure((await decode(await readFile(normalised.wavPath))).channelData[0]!);
    expect(Math.abs(n.lufs - -16)).toBeLessThan(0.5);
    expect(n.peak).toBeLessThanOrEqual(10 ** (-1 / 20) + 1e-4);
    expect(Math.abs(normalised.outputLoudness! - n.lufs)).toBeLessThan(0.2);
    expect(Math.abs(normalised.inputLoudness! - input.lufs)).toBeLessThan(0.2);

    const restored = measure(
      (await run(pcm(quiet), { preset: voicePreset({ timbre: { brightness: 1 } }), semitones: 3, denormalise: true }))
        .samples,
    );
    expect(Math.abs(restored.lufs - input.lufs)).toBeLessThan(0.5);
  });

  it('limits the peaks of a result that would clip, softly, and leaves its level alone', async () => {
    const loud = voiceSignal({ seconds: 3, f0: 200, seed: 17, level: 0.95 });
    const params = {
      preset: voicePreset({
        timbre: {
          eq: [
            { hz: 200, gain_db: 12, q: 0.7 },
            { hz: 2500, gain_db: 12, q: 1 },
          ],
        },
      }),
      semitones: 0,
    };
    const { samples, result } = await run(pcm(loud), params);
    const { peak } = measure(samples);
    expect(peak).toBeLessThanOrEqual(1);
    expect(peak).toBeGreaterThan(0.9);
    // The level as a whole is kept: the same voice at half the level, converted, is 6 dB quieter, no more.
    const half = await run(pcm(loud.map((v) => v * 0.5)), params);
    expect(Math.abs(20 * Math.log10(rms(samples) / (2 * rms(half.samples))))).toBeLessThan(1);
    expect(Math.abs(result.outputLoudness! - measure(samples).lufs)).toBeLessThan(0.2);
  });
});
