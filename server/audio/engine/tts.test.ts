import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDspEngine } from './dsp-engine.ts';
import { medianPitch, rms, semitonesBetween, stylePreset, voicePreset } from './test-signals.ts';
import { EmptyTextError, UnknownVoiceError, type Engine, type SynthesisVoice } from './types.ts';

const SR = 48000;
let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-tts-'));
  engine = createDspEngine({ workers: 2, tmpDir: dir });
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

async function speak(text: string, voice: SynthesisVoice, signal?: AbortSignal): Promise<Float32Array> {
  const parts: Float32Array[] = [];
  for await (const piece of engine.synthesise(text, voice, { signal })) parts.push(piece);
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const TEXTS = {
  'en-us':
    'The quick brown fox jumps over the lazy dog. A conversion turns one voice into another, and this sentence gives it enough speech to measure.',
  de: 'Franz jagt im komplett verwahrlosten Taxi quer durch Bayern. Dieser Satz ist lang genug, um die Tonhöhe der Stimme sicher zu messen.',
} as const;

/** eSpeak speaks about 175 words a minute; allow a wide margin for pauses and long words. */
function expectPlausibleDuration(samples: Float32Array, text: string) {
  const words = text.split(/\s+/).length;
  const seconds = samples.length / SR;
  expect(seconds).toBeGreaterThan(((words * 60) / 175) * 0.5);
  expect(seconds).toBeLessThan(((words * 60) / 175) * 2);
}

describe('synthesise', () => {
  it.each(Object.entries(TEXTS))(
    'speaks %s: sound, a plausible length, a measurable pitch',
    async (engineVoice, text) => {
      const speech = await speak(text, { engineVoice });
      expect(rms(speech)).toBeGreaterThan(0.02);
      expectPlausibleDuration(speech, text);
      const pitch = medianPitch(speech, SR);
      expect(pitch).toBeGreaterThan(70);
      expect(pitch).toBeLessThan(300);
    },
  );

  it('takes languages eSpeak lists and variants: a female variant speaks higher', async () => {
    const male = medianPitch(await speak(TEXTS['en-us'], { engineVoice: 'en-gb' }), SR);
    const female = medianPitch(await speak(TEXTS['en-us'], { engineVoice: 'en-gb+f3' }), SR);
    expect(semitonesBetween(male, female)).toBeGreaterThan(3);
  });

  it.each(['fr-FR', 'de-AT', 'es-MX', 'pt-BR'])('takes the accent locale %s as it is', async (engineVoice) => {
    expect(rms(await speak('Bonjour, hola, olá, grüß Gott.', { engineVoice }))).toBeGreaterThan(0.02);
  });

  it('speaks faster at a higher rate', async () => {
    const normal = await speak(TEXTS.de, { engineVoice: 'de' });
    const fast = await speak(TEXTS.de, { engineVoice: 'de', rate: 1.6 });
    const ratio = fast.length / normal.length;
    expect(ratio).toBeGreaterThan(0.45);
    expect(ratio).toBeLessThan(0.8);
  });

  it('speaks markup as text: no one can order minutes of silence', async () => {
    const speech = await speak('Hello <break time="30s"/> world', { engineVoice: 'en-us' });
    expect(speech.length / SR).toBeLessThan(10);
  });

  it('refuses an unknown voice and empty text', async () => {
    await expect(speak('Hello', { engineVoice: 'xx-nowhere' })).rejects.toThrow(UnknownVoiceError);
    await expect(speak('  \n ', { engineVoice: 'en-us' })).rejects.toThrow(EmptyTextError);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(speak(TEXTS['en-us'], { engineVoice: 'en-us' }, controller.signal)).rejects.toThrow(/abort/i);
  });
});

describe('textToSpeech', () => {
  it.each([
    ['en-us', 'en-us', 4, 1],
    ['de', 'de+f2', -3, -2.5],
  ] as const)(
    'speaks %s (%s) and converts it into a voice %d st off, with the user’s %d st',
    async (language, engineVoice, offset, semitones) => {
      const text = TEXTS[language];
      const plain = await speak(text, { engineVoice });
      const progress: string[] = [];
      const result = await engine.textToSpeech(
        text,
        { engineVoice },
        { preset: voicePreset({ pitch_offset_semitones: offset, formant_scale: offset > 0 ? 1.1 : 0.92 }), semitones },
        { outDir: await mkdtemp(path.join(dir, 'tts-')), onProgress: (c, n) => progress.push(`${c}/${n}`) },
      );
      const converted = (await decode(await readFile(result.wavPath))).channelData[0]!;
      expect(converted.length).toBe(result.frames);
      // eSpeak's timing varies a little from one call to the next.
      expect(Math.abs(converted.length / plain.length - 1)).toBeLessThan(0.02);
      // A short clip is cut in two so both halves convert at once.
      expect(progress).toEqual(Array.from({ length: result.chunks }, (_, i) => `${i + 1}/${result.chunks}`));
      expect(result.chunks).toBe(converted.length / SR >= 6 ? 2 : 1);
      const shift = semitonesBetween(medianPitch(plain, SR), medianPitch(converted, SR));
      expect(Math.abs(shift - (offset + semitones))).toBeLessThan(0.5);
    },
  );

  it('lets the narration style set the pace of the speech', async () => {
    const text = TEXTS['en-us'];
    const params = { preset: voicePreset(), semitones: 0 };
    const normal = await engine.textToSpeech(text, { engineVoice: 'en-us' }, params, {
      outDir: path.join(dir, 'normal'),
    });
    const slow = await engine.textToSpeech(
      text,
      { engineVoice: 'en-us' },
      { ...params, narrationStyle: stylePreset({ rate: 0.7 }) },
      { outDir: path.join(dir, 'slow') },
    );
    expect(slow.duration / normal.duration).toBeGreaterThan(1.2);
  });
});
