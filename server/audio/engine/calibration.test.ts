import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pitchOf } from '../../models/catalogue.ts';
import { VOICES } from '../../models/catalogue-data.ts';
import { createVoiceAnalyzer } from '../pitch.ts';
import { calibratedShift, createDspEngine } from './dsp-engine.ts';
import { medianPitch, semitonesBetween } from './test-signals.ts';
import type { Engine } from './types.ts';

/**
 * SPEC/DESIGN: with a calibration, the conversion moves the speaker's median F0 (measured by the calibration's
 * analysis) onto the voice's median, plus the user's semitones. Two eSpeak speakers about 9 st apart, each
 * calibrated on one text and converted on another into the same voice, both land on the voice: measured with the
 * project's pitch tracker (YIN, server/audio/pitch.ts).
 */

const SR = 48000;
// The Rainbow Passage, the reading text of speech science (and of the calibration page): about 30 s read aloud.
const CALIBRATION_TEXT =
  'When the sunlight strikes raindrops in the air, they act as a prism and form a rainbow. The rainbow is a division of white light into many beautiful colors. These take the shape of a long round arch, with its path high above, and its two ends apparently beyond the horizon. There is, according to legend, a boiling pot of gold at one end. People look, but no one ever finds it. When a man looks for something beyond his reach, his friends say he is looking for the pot of gold at the end of the rainbow. Throughout the centuries people have explained the rainbow in various ways.';
const ORDER_TEXT =
  'The quick brown fox jumps over the lazy dog. A conversion turns one voice into another, and this sentence gives it enough speech to measure.';
const SPEAKERS = { low: 'en-us+m3', high: 'en-us+f1' } as const;

let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-calibration-'));
  engine = createDspEngine({ workers: 2, tmpDir: dir });
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

async function speak(text: string, engineVoice: string): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  for await (const piece of engine.synthesise(text, { engineVoice })) parts.push(piece);
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** What the `calibrate` job stores: the analyser's profile of the calibration recording. */
function calibrate(samples: Float32Array): number {
  const analyzer = createVoiceAnalyzer();
  for (let i = 0; i < samples.length; i += SR) analyzer.add([samples.subarray(i, i + SR)], SR);
  return analyzer.finish().f0_median_hz;
}

const ava = VOICES.find((v) => v.slug === 'ava')!;
const avaPitch = pitchOf(ava.preset.pitch_offset_semitones ?? 0);

async function convert(speech: Float32Array, semitones: number, speakerF0Hz?: number) {
  const result = await engine.convert(
    { pcm: [speech], sampleRate: SR },
    {
      preset: ava.preset,
      semitones,
      ...(speakerF0Hz ? { calibration: { speakerF0Hz, voiceF0Hz: avaPitch } } : {}),
    },
    { outDir: dir, baseName: `c-${Math.random().toString(36).slice(2)}` },
  );
  return { result, median: medianPitch((await decode(await readFile(result.wavPath))).channelData[0]!, SR) };
}

describe('conversion with a calibration', () => {
  it('calibratedShift is the interval from the speaker to the voice', () => {
    expect(calibratedShift(100, 200)).toBeCloseTo(12);
    expect(calibratedShift(200, 100)).toBeCloseTo(-12);
    expect(() => calibratedShift(0, 100)).toThrow(RangeError);
  });

  it('brings a low and a high speaker onto the voice’s median plus the chosen semitones', async () => {
    const speakers = await Promise.all(
      Object.values(SPEAKERS).map(async (voice) => ({
        calibration: calibrate(await speak(CALIBRATION_TEXT, voice)),
        speech: await speak(ORDER_TEXT, voice),
      })),
    );
    const [low, high] = speakers as [(typeof speakers)[0], (typeof speakers)[0]];
    // The two speakers really are far apart (about 9 st).
    expect(semitonesBetween(low.calibration, high.calibration)).toBeGreaterThan(7);

    for (const semitones of [0, 2]) {
      const target = avaPitch * 2 ** (semitones / 12);
      for (const speaker of [low, high]) {
        const { result, median } = await convert(speaker.speech, semitones, speaker.calibration);
        expect(Math.abs(semitonesBetween(target, median))).toBeLessThanOrEqual(0.5);
        expect(result.semitones).toBeCloseTo(calibratedShift(speaker.calibration, avaPitch) + semitones, 6);
      }
    }

    // Without their calibrations the same two orders stay as far apart as the speakers are.
    const plainLow = await convert(low.speech, 0);
    const plainHigh = await convert(high.speech, 0);
    expect(semitonesBetween(plainLow.median, plainHigh.median)).toBeGreaterThan(7);
  }, 120_000);
});
