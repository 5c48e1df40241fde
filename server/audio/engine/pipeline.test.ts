import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDspEngine } from './dsp-engine.ts';
import { stylePreset, voicePreset, voiceSignal } from './test-signals.ts';
import type { Engine } from './types.ts';

const SR = 48000;
let dir: string;
let engine: Engine;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-pipeline-'));
  engine = createDspEngine({ workers: 2, tmpDir: dir });
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

describe('serial and parallel', () => {
  it('give the same samples, one chunk after another or all at once, whatever the style changes', async () => {
    const x = voiceSignal({ seconds: 13, f0: 180, seed: 23 });
    const params = {
      preset: voicePreset({
        pitch_offset_semitones: -2,
        formant_scale: 0.9,
        timbre: { breathiness: 0.1, roughness: 0.3, ring_mod_hz: 30, eq: [{ hz: 3000, gain_db: 3, q: 1 }] },
      }),
      semitones: -1,
      narrationStyle: stylePreset({ rate: 1.1, pitch_range: 1.3, energy: 1.2, breathiness: 0.05, pause_scale: 1.3 }),
      denoise: true,
      hft: true,
      denormalise: true,
    };
    const serial = createDspEngine({ workers: 1, chunkSeconds: 4, tmpDir: dir });
    const parallel = createDspEngine({ workers: 2, chunkSeconds: 4, tmpDir: dir });
    try {
      const [a, b] = await Promise.all([
        serial.convert({ pcm: [x], sampleRate: SR }, params, { outDir: path.join(dir, 'serial') }),
        parallel.convert({ pcm: [x], sampleRate: SR }, params, { outDir: path.join(dir, 'parallel') }),
      ]);
      expect(a.chunks).toBeGreaterThanOrEqual(3);
      expect(b.chunks).toBe(a.chunks);
      expect(b.frames).toBe(a.frames);
      expect((await readFile(a.wavPath)).equals(await readFile(b.wavPath))).toBe(true);
    } finally {
      await Promise.all([serial.close(), parallel.close()]);
    }
  }, 120_000);
});

describe('abort', () => {
  it('stops a conversion soon after the signal fires and leaves no files behind', async () => {
    // One worker, two chunks of 16 s: the second has just started when the first is reported. Not shorter: the
    // stop's own cost under a loaded CI machine (~1 s) then came near a third of a 6 s chunk's conversion.
    const serial = createDspEngine({ workers: 1, tmpDir: dir });
    const x = voiceSignal({ seconds: 32, f0: 140, seed: 25 });
    const outDir = await mkdtemp(path.join(dir, 'aborted-'));
    const controller = new AbortController();
    let abortedAt = 0;
    const startedAt = performance.now();
    const conversion = serial.convert(
      { pcm: [x], sampleRate: SR },
      { preset: voicePreset({ pitch_offset_semitones: 4 }), semitones: 0 },
      {
        outDir,
        signal: controller.signal,
        onProgress: (current) => {
          if (current === 1) {
            abortedAt = performance.now();
            controller.abort();
          }
        },
      },
    );
    const error = await conversion.then(
      () => null,
      (e: unknown) => e as Error,
    );
    const stoppedAfter = performance.now() - abortedAt;
    await serial.close();
    expect(error?.name).toBe('AbortError');
    expect(abortedAt).toBeGreaterThan(0);
    // Stopping does not wait for the running chunk to finish (it stops within a block of 4096 samples), so
    // it takes far less than converting the first chunk did.
    expect(stoppedAfter).toBeLessThan((abortedAt - startedAt) / 3);
    expect(await readdir(outDir)).toEqual([]);
    expect((await readdir(dir)).filter((name) => name.startsWith('timbre-engine-'))).toEqual([]);
  }, 60_000);

  it('refuses to start with a signal already aborted, and the engine goes on working afterwards', async () => {
    const controller = new AbortController();
    controller.abort();
    const x = voiceSignal({ seconds: 4, f0: 140, seed: 27 });
    await expect(
      engine.convert(
        { pcm: [x], sampleRate: SR },
        { preset: voicePreset(), semitones: 0 },
        { signal: controller.signal },
      ),
    ).rejects.toThrow(/abort/i);
    const ok = await engine.convert(
      { pcm: [x], sampleRate: SR },
      { preset: voicePreset(), semitones: 1 },
      { outDir: path.join(dir, 'after') },
    );
    expect(ok.frames).toBe(x.length);
  });
});
