/**
 * The speaker's F0 contour, for the narration style's pitch range and the emotional scale: YIN on the
 * signal low-passed and decimated to 8 kHz, one value per ENERGY_BLOCK (10 ms at 48 kHz), 0 where unvoiced.
 * Deterministic; the main thread tracks the whole input once so every chunk bends its pitch around the
 * same median.
 */
import { ENERGY_BLOCK } from './chunks.ts';
import { biquad, FilterChain } from './filters.ts';

const MIN_F0 = 60;
const MAX_F0 = 600;
const THRESHOLD = 0.2;
/** Frames quieter than this (mean square, −50 dBFS) are unvoiced. */
const QUIET = 1e-5;

export interface F0Tracker {
  /** Takes the next samples (48 kHz, or the rate given). */
  add(samples: Float32Array): void;
  /** F0 per block, Hz; 0 where unvoiced. */
  finish(): Float32Array;
}

export function createF0Tracker(sampleRate = 48000): F0Tracker {
  const decimation = Math.max(1, Math.round(sampleRate / 8000));
  const rate = sampleRate / decimation;
  const hop = ENERGY_BLOCK / decimation;
  const window = Math.round(rate * 0.03);
  const tauMin = Math.floor(rate / MAX_F0);
  const tauMax = Math.ceil(rate / MIN_F0);
  const frameLength = window + tauMax + 1;
  const lowpass = new FilterChain([
    biquad('lowpass', rate * 0.4, sampleRate, 0, 0.5412),
    biquad('lowpass', rate * 0.4, sampleRate, 0, 1.3066),
  ]);
  let buffer = new Float32Array(1 << 16);
  let length = 0;
  let phase = 0;
  const f0: number[] = [];
  const diff = new Float64Array(tauMax + 2);
  const frames = () => {
    // Frame k is centred on block k's centre.
    for (;;) {
      const start = Math.round(f0.length * hop + hop / 2 - frameLength / 2) - consumed;
      if (start + frameLength > length) return;
      f0.push(start < 0 ? 0 : yin(start));
      if (start > buffer.length / 2) {
        buffer.copyWithin(0, start, length);
        length -= start;
        consumed += start;
      }
    }
  };
  let consumed = 0;
  const yin = (start: number): number => {
    let energy = 0;
    for (let j = start; j < start + window; j++) energy += buffer[j]! * buffer[j]!;
    if (energy / window < QUIET) return 0;
    let running = 0;
    let best = -1;
    let bestValue = Infinity;
    const cmnd = new Float64Array(tauMax + 2);
    for (let tau = 1; tau <= tauMax + 1; tau++) {
      let sum = 0;
      for (let j = start; j < start + window; j++) {
        const v = buffer[j]! - buffer[j + tau]!;
        sum += v * v;
      }
      diff[tau] = sum;
      running += sum;
      cmnd[tau] = running > 0 ? (sum * tau) / running : 1;
    }
    for (let tau = tauMin; tau <= tauMax; tau++) {
      if (cmnd[tau]! < THRESHOLD) {
        while (tau + 1 <= tauMax && cmnd[tau + 1]! < cmnd[tau]!) tau++;
        best = tau;
        bestValue = cmnd[tau]!;
        break;
      }
    }
    if (best < 0 || bestValue > THRESHOLD) return 0;
    const a = diff[best - 1]!;
    const b = diff[best]!;
    const c = diff[best + 1]!;
    const curve = a - 2 * b + c;
    const shift = curve > 0 ? Math.max(-1, Math.min(1, (a - c) / (2 * curve))) : 0;
    return rate / (best + shift);
  };
  return {
    add(samples) {
      const x = samples.slice();
      lowpass.process(x);
      for (let i = 0; i < x.length; i++) {
        if (++phase < decimation) continue;
        phase = 0;
        if (length === buffer.length) {
          const bigger = new Float32Array(buffer.length * 2);
          bigger.set(buffer);
          buffer = bigger;
        }
        buffer[length++] = x[i]!;
      }
      frames();
    },
    finish() {
      // The last frames see silence past the end.
      const tail = new Float32Array(frameLength * decimation);
      this.add(tail);
      return Float32Array.from(f0);
    },
  };
}

/** F0 per block of a whole signal. */
export function trackF0(samples: Float32Array, sampleRate = 48000): Float32Array {
  const tracker = createF0Tracker(sampleRate);
  tracker.add(samples);
  const track = tracker.finish();
  return track.subarray(0, Math.ceil(samples.length / ENERGY_BLOCK));
}

/** The median of the voiced values (0 when none). */
export function medianF0(track: ArrayLike<number>): number {
  const voiced = Array.from(track)
    .filter((f) => f > 0)
    .sort((a, b) => a - b);
  return voiced.length ? voiced[Math.floor(voiced.length / 2)]! : 0;
}

/** Semitones between the 10th and 90th percentile of the voiced F0 (the spread of the melody). */
export function f0Spread(track: ArrayLike<number>): number {
  const voiced = Array.from(track)
    .filter((f) => f > 0)
    .sort((a, b) => a - b);
  if (voiced.length < 5) return 0;
  const q = (p: number) => voiced[Math.min(voiced.length - 1, Math.floor(p * voiced.length))]!;
  return 12 * Math.log2(q(0.9) / q(0.1));
}

/**
 * The pitch factor per block that scales the contour's distance from `median` (in semitones) by `factor`
 * (0 = monotone on the median, 1 = unchanged, 2 = twice the spread): unvoiced blocks hold the nearest
 * voiced factor, and the curve is smoothed over 150 ms: intonation (the melody of phrases and accents)
 * is reshaped, not the fast wobble within a syllable — which Rubber Band's real-time pitch changes could
 * not follow anyway. Within ±1 octave.
 */
export function contourFactors(track: ArrayLike<number>, median: number, factor: number): Float32Array {
  const n = track.length;
  const out = new Float32Array(n);
  if (!(median > 0)) return out.fill(1);
  const raw = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    const f = track[i]!;
    if (f > 0) raw[i] = Math.max(-12, Math.min(12, (factor - 1) * 12 * Math.log2(f / median)));
  }
  // Hold the last voiced value forwards, the first one backwards.
  let last = NaN;
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(raw[i]!)) raw[i] = last;
    else last = raw[i]!;
  }
  let next = 0;
  for (let i = n - 1; i >= 0; i--) {
    if (Number.isNaN(raw[i]!)) raw[i] = next;
    else next = raw[i]!;
  }
  const half = 7;
  for (let i = 0; i < n; i++) {
    let s = 0;
    let c = 0;
    for (let k = Math.max(0, i - half); k <= Math.min(n - 1, i + half); k++) {
      s += raw[k]!;
      c++;
    }
    out[i] = 2 ** (s / c / 12);
  }
  return out;
}
