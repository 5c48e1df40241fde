/**
 * A speaker's voice profile from a recording of their voice (a calibration): the fundamental frequency
 * (F0) over voiced frames, its spread, how loud the voice is and how loud the room is without it.
 *
 * F0 is estimated with YIN (de Cheveigné & Kawahara, 2002) on 40 ms frames every 20 ms, after the
 * signal is mixed to mono, low-passed (4th-order Butterworth) and decimated to about 8 kHz: speech
 * pitch lies far below 2 kHz, and the decimation makes a 10-minute recording take seconds rather than
 * minutes. A frame counts as voiced when it is periodic (YIN's aperiodicity below VOICING_THRESHOLD)
 * and loud enough (above an absolute floor and within 40 dB of the loudest frames). Samples arrive chunk
 * by chunk (createAudioAnalyzer's onAudio), so memory stays flat whatever the length: only a few numbers
 * per frame are kept.
 */

/** The lowest and highest F0 looked for: a low bass to a child's voice. */
export const MIN_F0_HZ = 60;
export const MAX_F0_HZ = 600;
/** YIN's absolute threshold: the first lag whose normalised difference dips below it is the period. */
const YIN_THRESHOLD = 0.15;
/** Frames less periodic than this (YIN's aperiodicity, 0 = perfectly periodic) are not voiced. */
export const VOICING_THRESHOLD = 0.25;
/** Frames quieter than this are never voiced, whatever their periodicity (hum, digital silence). */
const ABSOLUTE_GATE_DBFS = -60;
/** Voiced frames are within this many dB of the loud frames (the 95th percentile). */
const RELATIVE_GATE_DB = 40;
/** Less voiced audio than this gives no profile worth trusting. */
export const MIN_VOICED_SECONDS = 3;

/** Analysis rate the signal is decimated to (at least; an integer factor of the source rate). */
const TARGET_RATE = 8000;
const FRAME_SECONDS = 0.04;
const HOP_SECONDS = 0.02;
/** dB of a silent frame (keeps logarithms finite). */
const SILENCE_DBFS = -120;

/** What a calibration stores about the speaker (calibrations.profile). Levels are RMS dBFS: a full-scale square wave is 0, a full-scale sine −3. */
export interface VoiceProfile {
  /** Median F0 of the voiced frames, Hz: the speaker's pitch. */
  f0_median_hz: number;
  /** 10th and 90th percentiles of F0, Hz: the range the speaker usually moves in. */
  f0_p10_hz: number;
  f0_p90_hz: number;
  /** RMS level of the voiced frames. */
  loudness_dbfs: number;
  /** Level of the quietest tenth of the frames: the room and the microphone without the voice. */
  noise_floor_dbfs: number;
  /** Seconds of voiced frames found. */
  voiced_seconds: number;
  /** Seconds of audio analysed. */
  analyzed_seconds: number;
}

/** The recording holds too little clear voice for a profile. */
export class NoVoiceError extends Error {
  readonly voicedSeconds: number;
  constructor(voicedSeconds: number) {
    super(
      `No clear voice found in the recording: at least ${MIN_VOICED_SECONDS} seconds of speech are needed ` +
        `(found ${voicedSeconds.toFixed(1)} s).`,
    );
    this.voicedSeconds = voicedSeconds;
  }
}

export interface VoiceAnalyzerOptions {
  /** Samples past this many seconds (over all sources) are ignored; `full` tells when it is reached. */
  maxSeconds?: number;
}

export interface VoiceAnalyzer {
  /** Adds decoded samples (one array per channel, -1..1). A change of sample rate starts a new source. */
  add(channelData: readonly Float32Array[], sampleRate: number): void;
  /** Ends the current source: frames never straddle two files. */
  endSource(): void;
  /** Seconds of audio taken so far. */
  readonly seconds: number;
  /** True once maxSeconds have been taken. */
  readonly full: boolean;
  /** The profile of everything added; throws NoVoiceError when too little of it is voice. */
  finish(): VoiceProfile;
}

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
  z1: number;
  z2: number;
}

/** One section of a Butterworth low-pass (RBJ cookbook), direct form II transposed. */
function lowPass(cutoff: number, sampleRate: number, q: number): Biquad {
  const w0 = (2 * Math.PI * cutoff) / sampleRate;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * q);
  const a0 = 1 + alpha;
  return {
    b0: (1 - cos) / 2 / a0,
    b1: (1 - cos) / a0,
    b2: (1 - cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
    z1: 0,
    z2: 0,
  };
}

/** What is kept of each frame: its F0 estimate, how periodic it is and its full-band energy. */
interface Frames {
  f0: number[];
  aperiodicity: number[];
  meanSquare: number[];
}

/** Frames of one source at one sample rate. */
class Source {
  readonly decimation: number;
  readonly rate: number;
  private readonly hop: number;
  private readonly window: number;
  private readonly tauMin: number;
  private readonly tauMax: number;
  private readonly frameLength: number;
  private readonly filters: [Biquad, Biquad];
  private phase = 0;
  /** Decimated samples from absolute index `base` on. */
  private buffer: Float32Array;
  private length = 0;
  private base = 0;
  private nextFrame = 0;
  /** Full-band energy per hop (mean square of the mono signal at the source rate). */
  private readonly blocks: number[] = [];
  private blockSum = 0;
  private blockCount = 0;
  private readonly blockSize: number;
  private readonly diff: Float64Array;
  private readonly cmnd: Float64Array;

  private readonly out: Frames;

  constructor(sampleRate: number, out: Frames) {
    this.out = out;
    this.decimation = Math.max(1, Math.floor(sampleRate / TARGET_RATE));
    this.rate = sampleRate / this.decimation;
    this.hop = Math.max(1, Math.round(this.rate * HOP_SECONDS));
    this.window = Math.round(this.rate * FRAME_SECONDS);
    this.tauMin = Math.max(2, Math.floor(this.rate / MAX_F0_HZ));
    this.tauMax = Math.ceil(this.rate / MIN_F0_HZ);
    this.frameLength = this.window + this.tauMax + 2;
    this.blockSize = this.hop * this.decimation;
    const cutoff = Math.min(2000, 0.225 * this.rate);
    this.filters = [lowPass(cutoff, sampleRate, 0.5412), lowPass(cutoff, sampleRate, 1.3066)];
    this.buffer = new Float32Array(Math.max(8192, this.frameLength * 4));
    this.diff = new Float64Array(this.tauMax + 2);
    this.cmnd = new Float64Array(this.tauMax + 2);
  }

  /** Takes `count` mono samples from `mono`. */
  add(mono: Float32Array, count: number) {
    const [f1, f2] = this.filters;
    for (let i = 0; i < count; i++) {
      const x = mono[i]!;
      this.blockSum += x * x;
      if (++this.blockCount === this.blockSize) {
        this.blocks.push(this.blockSum / this.blockSize);
        this.blockSum = 0;
        this.blockCount = 0;
      }
      // Two biquads in series: the anti-alias filter before decimation.
      const y1 = f1.b0 * x + f1.z1;
      f1.z1 = f1.b1 * x - f1.a1 * y1 + f1.z2;
      f1.z2 = f1.b2 * x - f1.a2 * y1;
      const y2 = f2.b0 * y1 + f2.z1;
      f2.z1 = f2.b1 * y1 - f2.a1 * y2 + f2.z2;
      f2.z2 = f2.b2 * y1 - f2.a2 * y2;
      if (++this.phase === this.decimation) {
        this.phase = 0;
        this.push(y2);
      }
    }
    this.frames();
  }

  private push(sample: number) {
    if (this.length === this.buffer.length) {
      // Drop what no frame will read again, then grow if that was not enough.
      const keep = this.nextFrame * this.hop - this.base;
      if (keep > 0) {
        this.buffer.copyWithin(0, keep, this.length);
        this.length -= keep;
        this.base += keep;
      }
      if (this.length === this.buffer.length) {
        const bigger = new Float32Array(this.buffer.length * 2);
        bigger.set(this.buffer);
        this.buffer = bigger;
      }
    }
    this.buffer[this.length++] = sample;
  }

  /** Analyses every frame whose samples and energy blocks have all arrived. */
  private frames() {
    for (;;) {
      const start = this.nextFrame * this.hop - this.base;
      if (start + this.frameLength > this.length || this.nextFrame + 1 >= this.blocks.length) return;
      const [f0, aperiodicity] = this.yin(start);
      // A 40 ms frame is two 20 ms blocks.
      const meanSquare = (this.blocks[this.nextFrame]! + this.blocks[this.nextFrame + 1]!) / 2;
      this.out.f0.push(f0);
      this.out.aperiodicity.push(aperiodicity);
      this.out.meanSquare.push(meanSquare);
      this.nextFrame++;
    }
  }

  /** YIN on the frame starting at `start`: [F0 in Hz, aperiodicity 0..1]. */
  private yin(start: number): [number, number] {
    const x = this.buffer;
    const { window, tauMin, tauMax, diff, cmnd } = this;
    // Difference function d(τ) = Σ (x[j] − x[j+τ])².
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      let sum = 0;
      for (let j = start, end = start + window; j < end; j++) {
        const v = x[j]! - x[j + tau]!;
        sum += v * v;
      }
      diff[tau] = sum;
    }
    // Cumulative mean normalised difference d'(τ) = d(τ) · τ / Σ_{k≤τ} d(k).
    cmnd[0] = 1;
    let running = 0;
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      running += diff[tau]!;
      cmnd[tau] = running > 0 ? (diff[tau]! * tau) / running : 1;
    }
    let best = -1;
    for (let tau = tauMin; tau <= tauMax; tau++) {
      if (cmnd[tau]! < YIN_THRESHOLD) {
        while (tau + 1 <= tauMax && cmnd[tau + 1]! < cmnd[tau]!) tau++;
        best = tau;
        break;
      }
    }
    if (best < 0) {
      best = tauMin;
      for (let tau = tauMin + 1; tau <= tauMax; tau++) if (cmnd[tau]! < cmnd[best]!) best = tau;
    }
    // Parabolic interpolation on d(τ) for a period between samples.
    const a = diff[best - 1]!;
    const b = diff[best]!;
    const c = diff[best + 1]!;
    const curve = a - 2 * b + c;
    const shift = curve > 0 ? Math.max(-1, Math.min(1, (a - c) / (2 * curve))) : 0;
    return [this.rate / (best + shift), cmnd[best]!];
  }
}

const dbOf = (meanSquare: number) => Math.max(SILENCE_DBFS, 10 * Math.log10(meanSquare));

/** The p-quantile (0..1) of ascending `sorted`, interpolated between neighbours. */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const at = Math.min(1, Math.max(0, p)) * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** A voice analyzer fed chunk by chunk; see the top of this file for the method. */
export function createVoiceAnalyzer(options: VoiceAnalyzerOptions = {}): VoiceAnalyzer {
  const maxSeconds = options.maxSeconds ?? Infinity;
  const frames: Frames = { f0: [], aperiodicity: [], meanSquare: [] };
  let source: Source | undefined;
  let sourceRate = 0;
  let seconds = 0;
  let mono = new Float32Array(0);

  return {
    add(channelData, sampleRate) {
      const channels = channelData.filter((c) => c.length > 0);
      if (channels.length === 0 || seconds >= maxSeconds) return;
      if (!source || sampleRate !== sourceRate) {
        source = new Source(sampleRate, frames);
        sourceRate = sampleRate;
      }
      const room = Math.ceil((maxSeconds - seconds) * sampleRate);
      const count = Math.min(channels[0]!.length, room);
      if (mono.length < count) mono = new Float32Array(count);
      if (channels.length === 1) {
        mono.set(channels[0]!.subarray(0, count));
      } else {
        mono.fill(0, 0, count);
        for (const channel of channels) for (let i = 0; i < count; i++) mono[i]! += channel[i] ?? 0;
        const scale = 1 / channels.length;
        for (let i = 0; i < count; i++) mono[i]! *= scale;
      }
      source.add(mono, count);
      seconds = Math.min(maxSeconds, seconds + count / sampleRate);
    },
    endSource() {
      source = undefined;
    },
    get seconds() {
      return seconds;
    },
    get full() {
      return seconds >= maxSeconds;
    },
    finish() {
      const n = frames.f0.length;
      const db = frames.meanSquare.map(dbOf);
      const sortedDb = [...db].sort((a, b) => a - b);
      const gate = Math.max(ABSOLUTE_GATE_DBFS, quantile(sortedDb, 0.95) - RELATIVE_GATE_DB);
      const voicedF0: number[] = [];
      let voicedEnergy = 0;
      for (let i = 0; i < n; i++) {
        const f0 = frames.f0[i]!;
        if (frames.aperiodicity[i]! < VOICING_THRESHOLD && db[i]! > gate && f0 >= MIN_F0_HZ && f0 <= MAX_F0_HZ) {
          voicedF0.push(f0);
          voicedEnergy += frames.meanSquare[i]!;
        }
      }
      const voicedSeconds = voicedF0.length * HOP_SECONDS;
      if (voicedSeconds < MIN_VOICED_SECONDS) throw new NoVoiceError(voicedSeconds);
      voicedF0.sort((a, b) => a - b);
      return {
        f0_median_hz: round(quantile(voicedF0, 0.5), 2),
        f0_p10_hz: round(quantile(voicedF0, 0.1), 2),
        f0_p90_hz: round(quantile(voicedF0, 0.9), 2),
        loudness_dbfs: round(dbOf(voicedEnergy / voicedF0.length), 2),
        noise_floor_dbfs: round(quantile(sortedDb, 0.1), 2),
        voiced_seconds: round(voicedSeconds, 2),
        analyzed_seconds: round(seconds, 3),
      };
    },
  };
}

/** openapi Semitones: the pitch slider's range and step. */
export const SEMITONES_MIN = -24;
export const SEMITONES_MAX = 24;
export const SEMITONES_STEP = 0.5;

/**
 * The pitch shift, in semitones, that brings a speaker whose calibration measured `calibrationF0Hz` to a
 * voice whose median pitch is `voicePitchHz`: 12·log2(voice / speaker), rounded to the slider's 0.5 step
 * (halves away from zero) and kept within its −24..24 range.
 */
export function suggestSemitones(calibrationF0Hz: number, voicePitchHz: number): number {
  if (!(calibrationF0Hz > 0 && Number.isFinite(calibrationF0Hz))) {
    throw new RangeError(`The calibration pitch must be a positive number of Hz, not ${calibrationF0Hz}`);
  }
  if (!(voicePitchHz > 0 && Number.isFinite(voicePitchHz))) {
    throw new RangeError(`The voice pitch must be a positive number of Hz, not ${voicePitchHz}`);
  }
  const steps = (12 * Math.log2(voicePitchHz / calibrationF0Hz)) / SEMITONES_STEP;
  const rounded = Math.sign(steps) * Math.round(Math.abs(steps)) * SEMITONES_STEP;
  const clamped = Math.min(SEMITONES_MAX, Math.max(SEMITONES_MIN, rounded));
  // No −0 for a voice at the speaker's own pitch.
  return clamped === 0 ? 0 : clamped;
}
