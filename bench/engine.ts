import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDspEngine, type ConvertParams, type DspEngineOptions } from '../server/audio/engine/index.ts';
import { PitchShifter } from '../server/audio/engine/rubberband.ts';
import { voiceSignal } from '../server/audio/engine/test-signals.ts';
import { wavHeader } from './audio-source.ts';

const SECONDS = 60;
const SR = 48000;

/** A 16-bit mono WAV of the samples. */
function wav(samples: Float32Array): Buffer {
  const body = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++)
    body.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  return Buffer.concat([wavHeader(samples.length, SR, 1), body]);
}

const rtf = (ms: number) => ms / 1000 / SECONDS;
const line = (label: string, ms: number, extra = '') =>
  console.log(`  ${label.padEnd(50)} ${(ms / 1000).toFixed(2).padStart(6)} s   RTF ${rtf(ms).toFixed(3)}${extra}`);

/**
 * The voice engine's real-time factor (seconds of work per second of audio) on a 60 s 48 kHz voice-like
 * clip read from a WAV file: the whole conversion (decode, chunks, stitching, WAV + MP3 + peaks) with one
 * worker thread and with one per core, and Rubber Band's R3 engine alone for comparison. The goal for the
 * parallel figure is 0.05 (an hour in three minutes).
 */
export async function engineBench() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-engine-'));
  try {
    const clip = voiceSignal({ seconds: SECONDS, f0: 130, seed: 1 });
    const file = path.join(dir, 'clip.wav');
    await writeFile(file, wav(clip));
    const cores = os.availableParallelism();
    const params = {
      preset: {
        pitch_offset_semitones: 3,
        formant_scale: 1.1,
        timbre: { tilt_db_per_octave: 1, brightness: 0.6, breathiness: 0.1, eq: [{ hz: 3000, gain_db: 2, q: 1 }] },
      },
      semitones: 2.5,
    };
    console.log(`60 s 48 kHz mono clip, +5.5 semitones, formant ×1.1, colouring (${cores} cores available)`);

    const shifter = await PitchShifter.create();
    shifter.shift(clip.subarray(0, SR * 2), SR, { pitchScale: 1.2, formantScale: 1 }); // warm-up
    for (const shortWindow of [false, true]) {
      const started = performance.now();
      shifter.shift(clip, SR, { pitchScale: 2 ** (5.5 / 12), formantScale: 1.1, shortWindow });
      line(`Rubber Band R3 alone, this thread${shortWindow ? ', short window' : ''}`, performance.now() - started);
    }

    const run = async (label: string, options: DspEngineOptions, extra: Partial<ConvertParams> = {}) => {
      const engine = createDspEngine({ tmpDir: dir, ...options });
      try {
        // Start the workers and load their WebAssembly before timing.
        await engine.convert({ pcm: [clip.subarray(0, SR * 2)], sampleRate: SR }, params, {
          outDir: path.join(dir, 'warm'),
        });
        const started = performance.now();
        const result = await engine.convert({ file }, { ...params, ...extra }, { outDir: path.join(dir, 'out') });
        const t = result.timings;
        line(
          label,
          performance.now() - started,
          `   ${result.chunks} chunks; decode ${(t.decodeMs / 1000).toFixed(2)} s, convert ${(t.convertMs / 1000).toFixed(2)} s, write ${(t.finishMs / 1000).toFixed(2)} s`,
        );
        return performance.now() - started;
      } finally {
        await engine.close();
      }
    };
    const serial = await run('engine, 1 worker thread', { workers: 1 });
    const parallel = await run(`engine, ${cores} worker threads`, { workers: cores });
    await run(`engine, ${cores} worker threads, 5 s chunks`, { workers: cores, chunkSeconds: 5 });
    await run(`engine, ${cores} worker threads, short window`, { workers: cores, shortWindow: true });
    await run(`engine, ${cores} worker threads, with denoise`, { workers: cores }, { denoise: true });
    await run(`engine, ${cores} worker threads, normalised`, { workers: cores }, { normalise: true });
    console.log(
      `  parallel speed-up                                  ${(serial / parallel).toFixed(2)}× on ${cores} cores`,
    );
    console.log(
      `  an hour of audio would take                        ${((rtf(parallel) * 3600) / 60).toFixed(1)} min (goal 3 min)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
