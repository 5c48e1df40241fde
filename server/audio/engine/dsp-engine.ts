/**
 * The built-in engine: honest signal processing, no neural weights.
 *
 *   input ─ decode, mono, 48 kHz ─▶ raw file ─ chunks on worker threads ─▶ stitched raw file ─ gain ─▶ WAV, MP3, peaks
 *                                           (denoise, R3 pitch + formant
 *                                            shift, breath, colouring)
 *
 * Each stage streams: memory holds a few chunks, whatever the length. Chunks are converted on a pool of
 * worker threads (one per core by default) and stitched in order as they come back; at most two per
 * worker are in flight. Temporary files live in a private directory that is removed whatever happens.
 */
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SEMITONES_MAX, SEMITONES_MIN, SEMITONES_STEP } from '../pitch.ts';
import { createPeaksBuilder } from '../peaks.ts';
import { ENERGY_BLOCK, planChunks, scalePlan, Stitcher, type ChunkPlan } from './chunks.ts';
import type { VoiceSettings } from './chunk-convert.ts';
import { contourFactors, createF0Tracker, medianF0 } from './contour.ts';
import { decodeToRaw, EnergyMeter } from './decode.ts';
import { findPauses, retimeRaw, retimeSegments } from './pauses.ts';
import { parseStylePreset, parseVoicePreset } from './presets.ts';
import { createMp3Writer, createWavWriter, type AudioWriter } from './encode.ts';
import { createLoudnessMeter } from './loudness.ts';
import { createAbortFlag, TaskAbortedError, WorkerPool } from './pool.ts';
import { createResampler } from './resample.ts';
import type { ChunkTask, TtsTask } from './worker.ts';
import {
  EmptyTextError,
  ENGINE_SAMPLE_RATE,
  UnknownVoiceError,
  type ConversionResult,
  type ConvertInput,
  type ConvertOptions,
  type ConvertParams,
  NEUTRAL_STYLE,
  type Engine,
  type StylePreset,
  type SynthesisOptions,
  type SynthesisVoice,
} from './types.ts';

/** Loudness `normalise` aims at (streaming platforms and podcasts), and the peak it never exceeds. */
export const TARGET_LOUDNESS_LUFS = -16;
export const PEAK_CEILING = 10 ** (-1 / 20);
/** Without normalising, samples above this are limited softly rather than clipped. */
const KNEE = 0.9;

/**
 * Leaves the signal alone up to KNEE and bends what goes beyond it smoothly towards full scale, so a
 * conversion that boosts some band never clips (and never has its level changed as a whole).
 */
export function softLimit(x: Float32Array): void {
  const room = 1 - KNEE;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    const a = Math.abs(v);
    if (a > KNEE) x[i] = Math.sign(v) * (KNEE + room * Math.tanh((a - KNEE) / room));
  }
}

export interface DspEngineOptions {
  /** Worker threads converting chunks. Default os.availableParallelism(); 1 converts chunk after chunk. */
  workers?: number;
  /** Nominal chunk length in seconds. Default 15. */
  chunkSeconds?: number;
  /** Where temporary files go. Default os.tmpdir(). */
  tmpDir?: string;
  /** MP3 bitrate, kbit/s (CBR). Default 128. */
  mp3BitrateKbps?: number;
  /** Rubber Band R3's short window: faster, a little less smooth. Default false. */
  shortWindow?: boolean;
}

const finite = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * The shift, in semitones, that moves a speaker whose calibration measured `speakerF0Hz` onto a voice whose
 * median is `voiceF0Hz` (not rounded: the user's semitones carry the slider's step). RangeError for a pitch
 * that is not a positive number of Hz.
 */
export function calibratedShift(speakerF0Hz: number, voiceF0Hz: number): number {
  if (!(speakerF0Hz > 0 && Number.isFinite(speakerF0Hz)) || !(voiceF0Hz > 0 && Number.isFinite(voiceF0Hz))) {
    throw new RangeError("A calibrated shift needs the speaker's and the voice's pitch in Hz");
  }
  return 12 * Math.log2(voiceF0Hz / speakerF0Hz);
}

/** What a conversion amounts to: the chunks' voice settings and what the whole-signal stages do. */
export interface ConversionSettings extends VoiceSettings {
  /** The pitch shift applied: the voice's offset plus the user's semitones. */
  semitones: number;
  style: StylePreset;
  /** How far the F0 contour's spread around the median is scaled: pitch range × 2 × emotional scale. */
  contour: number;
}

/** The settings a set of parameters amounts to; throws RangeError (PresetError) for parameters out of range. */
export function voiceSettings(params: ConvertParams, shortWindow = false): ConversionSettings {
  const { semitones } = params;
  if (
    typeof semitones !== 'number' ||
    !Number.isFinite(semitones) ||
    semitones < SEMITONES_MIN ||
    semitones > SEMITONES_MAX ||
    Math.abs(semitones / SEMITONES_STEP - Math.round(semitones / SEMITONES_STEP)) > 1e-9
  ) {
    throw new RangeError(`Semitones must be a multiple of ${SEMITONES_STEP} from ${SEMITONES_MIN} to ${SEMITONES_MAX}`);
  }
  const preset = parseVoicePreset(params.preset);
  const style = parseStylePreset(params.narrationStyle ?? NEUTRAL_STYLE);
  const emotional = params.emotionalScale ?? 0.5;
  if (!(typeof emotional === 'number' && emotional >= 0 && emotional <= 1)) {
    throw new RangeError('The emotional scale must be within 0..1');
  }
  const offset = params.calibration
    ? calibratedShift(params.calibration.speakerF0Hz, params.calibration.voiceF0Hz)
    : preset.pitch_offset_semitones;
  const total = offset + semitones;
  if (Math.abs(total) > 36) throw new RangeError('The total pitch shift is more than three octaves');
  return {
    sampleRate: ENGINE_SAMPLE_RATE,
    semitones: total,
    pitchScale: 2 ** (total / 12),
    formantScale: preset.formant_scale,
    timbre: preset.timbre,
    breathiness: Math.min(1, preset.timbre.breathiness + style.breathiness),
    energy: style.energy,
    medianLevelDb: null,
    timeRatio: 1 / style.rate,
    hft: params.hft === true,
    denoise: params.denoise === true,
    shortWindow,
    style,
    contour: style.pitch_range * 2 * emotional,
  };
}

/** The median level of speech (mean square dB per block) of the blocks within 40 dB of the loudest tenth; null for silence. */
export function medianLevelDb(energy: ArrayLike<number>): number | null {
  const sorted = Array.from(energy)
    .filter((e) => e > 1e-9)
    .sort((a, b) => a - b);
  if (!sorted.length) return null;
  const loud = sorted[Math.floor(sorted.length * 0.9)]!;
  const active = sorted.filter((e) => e > loud * 1e-4);
  return 10 * Math.log10(active[Math.floor(active.length / 2)]!);
}

/**
 * Denormalise: a gain per block of the result that gives it the input's loudness contour — each block's
 * level (smoothed over ±20 ms) made the input's at the same moment of speech (the result's time scaled back
 * by `timeRatio`). Where either is silent the whole-signal gain `fallbackDb` holds. Within ±20 dB of it.
 */
export function contourGains(
  input: ArrayLike<number>,
  output: ArrayLike<number>,
  timeRatio: number,
  fallbackDb: number,
): Float32Array {
  const smooth = (e: ArrayLike<number>) => {
    const out = new Float64Array(e.length);
    const sums = new Float64Array(e.length + 1);
    for (let i = 0; i < e.length; i++) sums[i + 1] = sums[i]! + e[i]!;
    for (let i = 0; i < e.length; i++) {
      const a = Math.max(0, i - 2);
      const b = Math.min(e.length, i + 3);
      out[i] = (sums[b]! - sums[a]!) / (b - a);
    }
    return out;
  };
  const si = smooth(input);
  const so = smooth(output);
  let loudest = 1e-12;
  for (const v of si) loudest = Math.max(loudest, v);
  const quiet = Math.max(1e-8, loudest * 1e-5);
  const gains = new Float32Array(output.length);
  for (let b = 0; b < output.length; b++) {
    const i = Math.min(si.length - 1, Math.round(b / timeRatio));
    const db = si[i]! > quiet && so[b]! > quiet ? 10 * Math.log10(si[i]! / so[b]!) : fallbackDb;
    gains[b] = 10 ** (Math.max(fallbackDb - 20, Math.min(fallbackDb + 20, db)) / 20);
  }
  return gains;
}

/** Reads a raw float file in blocks. */
async function* readRaw(rawPath: string, frames: number, block = 1 << 16): AsyncGenerator<Float32Array> {
  const handle = await open(rawPath, 'r');
  try {
    for (let at = 0; at < frames; at += block) {
      const n = Math.min(block, frames - at);
      const out = new Float32Array(n);
      const bytes = new Uint8Array(out.buffer);
      let done = 0;
      while (done < bytes.length) {
        const { bytesRead } = await handle.read(bytes, done, bytes.length - done, at * 4 + done);
        if (bytesRead === 0) throw new Error(`${rawPath} ends early`);
        done += bytesRead;
      }
      yield out;
    }
  } finally {
    await handle.close();
  }
}

const abortReason = (signal: AbortSignal | undefined) =>
  signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');

export function createDspEngine(options: DspEngineOptions = {}): Engine & { readonly workers: number } {
  const workers = options.workers ?? os.availableParallelism();
  const pool = new WorkerPool(workers);
  let ttsPool: WorkerPool | undefined;
  const tmpDir = options.tmpDir ?? os.tmpdir();
  /**
   * 15 s chunks; a clip under 30 s is cut in two (chunks of at least 4 s) so both halves convert at once:
   * a 10 s clip is done in about half the time. The cut depends on the length only, never on the workers.
   */
  const chunkSecondsFor = (seconds: number) => options.chunkSeconds ?? (seconds < 30 ? Math.max(4, seconds / 2) : 15);
  const bitrate = options.mp3BitrateKbps ?? 128;

  /** Converts every chunk of `plan` and hands each, in order, to the stitcher. */
  async function convertChunks(
    rawPath: string,
    plan: ChunkPlan,
    outPlan: ChunkPlan,
    voice: VoiceSettings,
    pitch: Float32Array | null,
    stitcher: Stitcher,
    abort: Int32Array,
    onProgress: ConvertOptions['onProgress'],
  ) {
    const total = plan.chunks.length;
    const window = workers * 2;
    const results = new Map<number, Promise<Float32Array>>();
    let submitted = 0;
    const submit = () => {
      while (submitted < total && submitted < stitched + window) {
        const chunk = plan.chunks[submitted]!;
        const out = outPlan.chunks[submitted]!;
        const slice = pitch
          ? pitch.slice(chunk.readStart / ENERGY_BLOCK, Math.ceil(chunk.readEnd / ENERGY_BLOCK))
          : null;
        const task: ChunkTask = { kind: 'chunk', rawPath, chunk, out, voice, pitch: slice, abort };
        const promise = pool.run<Float32Array>(task);
        // Rejections are handled when the chunk's turn comes; until then they must not go unhandled.
        promise.catch(() => {});
        results.set(submitted, promise);
        submitted++;
      }
    };
    let stitched = 0;
    try {
      submit();
      while (stitched < total) {
        const converted = await results.get(stitched)!;
        results.delete(stitched);
        await stitcher.add(converted);
        stitched++;
        onProgress?.(stitched, total);
        submit();
      }
    } catch (error) {
      // Stop the others and wait for them, so no worker still reads files about to be removed.
      Atomics.store(abort, 0, 1);
      await Promise.allSettled(results.values());
      throw error;
    }
  }

  async function convert(
    input: ConvertInput,
    params: ConvertParams,
    opts: ConvertOptions = {},
  ): Promise<ConversionResult> {
    const { signal } = opts;
    signal?.throwIfAborted();
    const voice = voiceSettings(params, options.shortWindow);
    if (!opts.outDir) await mkdir(tmpDir, { recursive: true });
    const outDir = opts.outDir ?? (await mkdtemp(path.join(tmpDir, 'timbre-conversion-')));
    await mkdir(outDir, { recursive: true });
    // The work files go inside the caller's folder when there is one, so whoever owns (and sweeps) that
    // folder owns them too.
    const work = await mkdtemp(path.join(opts.outDir ?? tmpDir, 'timbre-engine-'));
    const base = opts.baseName ?? 'conversion';
    const wavPath = path.join(outDir, `${base}.wav`);
    const mp3Path = path.join(outDir, `${base}.mp3`);
    const abort = createAbortFlag();
    const onAbort = () => Atomics.store(abort, 0, 1);
    signal?.addEventListener('abort', onAbort, { once: true });
    const writers: AudioWriter[] = [];
    let finished = false;
    const started = performance.now();
    try {
      const decoded = await decodeToRaw(input, path.join(work, 'input.f32'), {
        signal,
        maxSeconds: opts.maxSeconds,
      });
      // The style's pauses: the input retimed before anything else, so the chunks plan on the new timing.
      let source = { rawPath: decoded.rawPath, frames: decoded.frames, energy: decoded.energy };
      if (voice.style.pause_scale !== 1) {
        const pieces = retimeSegments(
          decoded.frames,
          findPauses(decoded.energy, ENGINE_SAMPLE_RATE),
          voice.style.pause_scale,
        );
        if (pieces.length > 1) {
          const rawPath = path.join(work, 'paced.f32');
          source = { rawPath, ...(await retimeRaw(decoded.rawPath, rawPath, pieces, signal)) };
          await rm(decoded.rawPath, { force: true });
        }
      }
      voice.medianLevelDb = medianLevelDb(source.energy);
      // The pitch range and emotional scale: the whole input's F0 contour, bent around its median.
      let pitch: Float32Array | null = null;
      if (Math.abs(voice.contour - 1) > 1e-9) {
        const tracker = createF0Tracker(ENGINE_SAMPLE_RATE);
        for await (const block of readRaw(source.rawPath, source.frames)) {
          signal?.throwIfAborted();
          tracker.add(block);
        }
        const track = tracker.finish().subarray(0, source.energy.length);
        const median = medianF0(track);
        if (median > 0) pitch = contourFactors(track, median, voice.contour);
      }
      const plan = planChunks(source.frames, source.energy, {
        sampleRate: ENGINE_SAMPLE_RATE,
        chunkSeconds: chunkSecondsFor(source.frames / ENGINE_SAMPLE_RATE),
        preRollSeconds: voice.denoise ? 1 : 0.5,
      });
      // The style's rate: every chunk stretched, the plan in the result's time.
      const outPlan = scalePlan(plan, voice.timeRatio);
      const frames = outPlan.frames;

      const timings = { decodeMs: performance.now() - started, convertMs: 0, finishMs: 0, totalMs: 0 };

      // The last stage: gain or limiter → WAV, MP3, peaks, loudness of what is written.
      const wav = await createWavWriter(wavPath, ENGINE_SAMPLE_RATE, frames);
      writers.push(wav);
      const mp3 = await createMp3Writer(mp3Path, ENGINE_SAMPLE_RATE, bitrate);
      writers.push(mp3);
      const peaks = createPeaksBuilder(ENGINE_SAMPLE_RATE, opts.peaks);
      const written = createLoudnessMeter(ENGINE_SAMPLE_RATE);
      let gain = 1;
      /** Denormalise: a gain per block, interpolated between block centres; then only peaks are limited. */
      let gains: Float32Array | null = null;
      let position = 0;
      const finish = async (block: Float32Array) => {
        if (gains) {
          for (let i = 0; i < block.length; i++) {
            const b = Math.max(0, Math.min(gains.length - 1, (position + i) / ENERGY_BLOCK - 0.5));
            const k = Math.floor(b);
            const g = gains[k]! + (gains[Math.min(gains.length - 1, k + 1)]! - gains[k]!) * (b - k);
            block[i]! *= g;
          }
          softLimit(block);
        } else if (gain !== 1) {
          for (let i = 0; i < block.length; i++) block[i]! *= gain;
        } else softLimit(block);
        position += block.length;
        peaks.add([block]);
        written.add(block);
        await wav.write(block);
        await mp3.write(block);
      };
      const needsGain = params.normalise === true || params.denormalise === true;
      let slides: number[] = [];
      let finishing = 0;
      if (!needsGain) {
        // One pass: the stitched signal is written as it comes, while later chunks are still converting.
        const stitcher = new Stitcher(outPlan, async (samples) => {
          const t = performance.now();
          await finish(samples.slice());
          finishing += performance.now() - t;
        });
        slides = stitcher.slides;
        await convertChunks(source.rawPath, plan, outPlan, voice, pitch, stitcher, abort, opts.onProgress);
        timings.convertMs = performance.now() - started - timings.decodeMs - finishing;
      } else {
        // Two passes: the gain depends on the loudness of the whole result, so it goes to a raw file first.
        const stitchedPath = path.join(work, 'stitched.f32');
        const stitchedFile = await open(stitchedPath, 'w');
        const meter = createLoudnessMeter(ENGINE_SAMPLE_RATE);
        const energy = new EnergyMeter();
        try {
          const stitcher = new Stitcher(outPlan, async (samples) => {
            meter.add(samples);
            energy.add(samples);
            await stitchedFile.write(new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
          });
          slides = stitcher.slides;
          await convertChunks(source.rawPath, plan, outPlan, voice, pitch, stitcher, abort, opts.onProgress);
        } finally {
          await stitchedFile.close();
        }
        timings.convertMs = performance.now() - started - timings.decodeMs;
        signal?.throwIfAborted();
        await rm(source.rawPath, { force: true });
        const loudness = meter.integrated();
        if (loudness !== null && params.normalise) {
          gain = 10 ** ((TARGET_LOUDNESS_LUFS - loudness) / 20);
          if (meter.peak * gain > PEAK_CEILING) gain = PEAK_CEILING / meter.peak;
        } else if (loudness !== null && decoded.loudness !== null) {
          gains = contourGains(source.energy, energy.finish(), voice.timeRatio, decoded.loudness - loudness);
        }
        const t = performance.now();
        for await (const block of readRaw(stitchedPath, frames)) {
          signal?.throwIfAborted();
          await finish(block);
        }
        finishing = performance.now() - t;
      }
      signal?.throwIfAborted();
      const t = performance.now();
      await wav.close();
      await mp3.close();
      timings.finishMs = finishing + performance.now() - t;
      timings.totalMs = performance.now() - started;
      finished = true;
      return {
        wavPath,
        mp3Path,
        peaks: peaks.finish(),
        duration: frames / ENGINE_SAMPLE_RATE,
        frames,
        sampleRate: ENGINE_SAMPLE_RATE,
        chunks: plan.chunks.length,
        seams: outPlan.seams,
        slides,
        semitones: voice.semitones,
        inputLoudness: decoded.loudness,
        outputLoudness: written.integrated(),
        timings,
      };
    } catch (error) {
      if (signal?.aborted && (error instanceof TaskAbortedError || (error as Error)?.name === 'AbortError')) {
        throw abortReason(signal);
      }
      throw error;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      Atomics.store(abort, 0, 1);
      if (!finished) {
        await Promise.all(writers.map((w) => w.abort()));
        await rm(wavPath, { force: true });
        await rm(mp3Path, { force: true });
        if (!opts.outDir) await rm(outDir, { recursive: true, force: true });
      }
      await rm(work, { recursive: true, force: true });
    }
  }

  async function* synthesise(
    text: string,
    voice: SynthesisVoice,
    opts: SynthesisOptions = {},
  ): AsyncGenerator<Float32Array> {
    const { signal } = opts;
    signal?.throwIfAborted();
    if (!text.trim()) throw new EmptyTextError();
    ttsPool ??= new WorkerPool(1);
    const abort = createAbortFlag();
    const onAbort = () => Atomics.store(abort, 0, 1);
    signal?.addEventListener('abort', onAbort, { once: true });
    // Pieces arrive from the worker faster than they are usually taken: a queue between the two.
    const pieces: Int16Array[] = [];
    let wake: (() => void) | undefined;
    let settled: { error?: unknown; sampleRate?: number } | undefined;
    const task: TtsTask = {
      kind: 'tts',
      text,
      engineVoice: voice.engineVoice,
      rate: finite(voice.rate, 1),
      pitchRange: finite(voice.pitchRange, 1),
      abort,
    };
    ttsPool
      .run<{ sampleRate: number }>(task, {
        onData: (data) => {
          pieces.push(data as Int16Array);
          wake?.();
        },
      })
      .then(
        (result) => (settled = { sampleRate: result.sampleRate }),
        (error: unknown) => (settled = { error }),
      )
      .finally(() => wake?.());
    let resampler: ReturnType<typeof createResampler> | undefined;
    const toFloat = (pcm: Int16Array) => {
      const out = new Float32Array(pcm.length);
      for (let i = 0; i < pcm.length; i++) out[i] = pcm[i]! / 32768;
      return out;
    };
    try {
      for (;;) {
        if (pieces.length) {
          // eSpeak speaks at 22.05 kHz.
          resampler ??= createResampler(22050, ENGINE_SAMPLE_RATE);
          const out = resampler.push(toFloat(pieces.shift()!));
          if (out.length) yield out;
          continue;
        }
        if (settled) break;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
      if (settled.error !== undefined) {
        const error = settled.error as Error;
        if (error.name === 'UnknownVoiceError') throw new UnknownVoiceError(voice.engineVoice);
        if (signal?.aborted) throw abortReason(signal);
        throw error;
      }
      if (settled.sampleRate !== 22050) throw new Error(`eSpeak spoke at ${settled.sampleRate} Hz`);
      if (resampler) {
        const tail = resampler.flush();
        if (tail.length) yield tail;
      }
    } finally {
      // A consumer that stops early (an abort, an error downstream) stops the synthesis too.
      Atomics.store(abort, 0, 1);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    name: 'dsp-r3',
    workers,
    convert,
    synthesise,
    async textToSpeech(text, voice, params, opts = {}) {
      // Check the parameters before synthesising anything.
      const { style } = voiceSettings(params);
      // The synthesiser makes the prosody itself: the style's rate and pitch range go to it, and the
      // conversion keeps the speech's own timing and melody (the pauses, energy and breath still apply).
      const spoken: SynthesisVoice = {
        ...voice,
        rate: finite(voice.rate, 1) * style.rate,
        pitchRange: finite(voice.pitchRange, 1) * style.pitch_range,
      };
      return convert(
        { pcm: synthesise(text, spoken, { signal: opts.signal }), sampleRate: ENGINE_SAMPLE_RATE },
        { ...params, narrationStyle: { ...style, rate: 1, pitch_range: 1 } },
        opts,
      );
    },
    async close() {
      await Promise.all([pool.close(), ttsPool?.close()]);
    },
  };
}
