/**
 * The median pitch (F0) of a few seconds of voice, in the browser: the same method as the server's calibration
 * analysis (server/audio/pitch.ts) in a small pure function for one buffer — YIN (de Cheveigné & Kawahara,
 * 2002) on 40 ms frames every 20 ms over the signal decimated to about 8 kHz, voiced frames being periodic
 * enough and loud enough, and the median of their F0.
 */

/** The lowest and highest F0 looked for: a low bass to a child's voice (as the server's analysis). */
export const MIN_F0_HZ = 60;
export const MAX_F0_HZ = 600;
/** Less voiced audio than this gives no pitch worth showing. */
export const MIN_VOICED_SECONDS = 1;

const TARGET_RATE = 8000;
const FRAME_SECONDS = 0.04;
const HOP_SECONDS = 0.02;
const YIN_THRESHOLD = 0.15;
const VOICING_THRESHOLD = 0.25;
/** Frames quieter than this (RMS dBFS) are never voiced: hum, hiss, digital silence. */
const ABSOLUTE_GATE_DBFS = -55;
/** Voiced frames are within this many dB of the loud frames (the 95th percentile). */
const RELATIVE_GATE_DB = 35;

export interface PitchEstimate {
  /** Median F0 of the voiced frames, Hz, to a tenth. */
  medianHz: number;
  /** Seconds of voiced frames the median is over. */
  voicedSeconds: number;
}

/**
 * Decimates by an integer factor to about 8 kHz after a moving average over twice the factor (a plain
 * low-pass: speech pitch lies far below the 2 kHz it keeps).
 */
function decimate(samples: Float32Array, sampleRate: number): { signal: Float32Array; rate: number } {
  const factor = Math.max(1, Math.floor(sampleRate / TARGET_RATE));
  if (factor === 1) return { signal: samples, rate: sampleRate };
  const span = factor * 2;
  const out = new Float32Array(Math.floor(samples.length / factor));
  // Running sum over the last `span` samples, read every `factor`.
  let sum = 0;
  for (let i = 0, o = 0; i < samples.length && o < out.length; i++) {
    sum += samples[i]!;
    if (i >= span) sum -= samples[i - span]!;
    if ((i + 1) % factor === 0) out[o++] = sum / Math.min(span, i + 1);
  }
  return { signal: out, rate: sampleRate / factor };
}

/** YIN on one frame: [F0 Hz, aperiodicity 0..1]. `diff` and `cmnd` are scratch arrays of tauMax + 2. */
function yin(
  x: Float32Array,
  start: number,
  window: number,
  tauMin: number,
  tauMax: number,
  rate: number,
  diff: Float64Array,
  cmnd: Float64Array,
): [number, number] {
  for (let tau = 1; tau <= tauMax + 1; tau++) {
    let sum = 0;
    for (let j = start, end = start + window; j < end; j++) {
      const v = x[j]! - x[j + tau]!;
      sum += v * v;
    }
    diff[tau] = sum;
  }
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
  // Parabolic interpolation for a period between samples.
  const a = diff[best - 1]!;
  const b = diff[best]!;
  const c = diff[best + 1]!;
  const curve = a - 2 * b + c;
  const shift = curve > 0 ? Math.max(-1, Math.min(1, (a - c) / (2 * curve))) : 0;
  return [rate / (best + shift), cmnd[best]!];
}

const dbOf = (meanSquare: number) => (meanSquare > 0 ? 10 * Math.log10(meanSquare) : -120);

/** The p-quantile (0..1) of ascending `sorted`, interpolated between neighbours. */
function quantile(sorted: readonly number[], p: number): number {
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/**
 * The median pitch of mono `samples` (-1..1) at `sampleRate`, or null when less than MIN_VOICED_SECONDS of
 * them are voice (silence, noise, a whistle above MAX_F0_HZ).
 */
export function medianPitch(samples: Float32Array, sampleRate: number): PitchEstimate | null {
  const { signal, rate } = decimate(samples, sampleRate);
  const window = Math.round(rate * FRAME_SECONDS);
  const hop = Math.max(1, Math.round(rate * HOP_SECONDS));
  const tauMin = Math.max(2, Math.floor(rate / MAX_F0_HZ));
  const tauMax = Math.ceil(rate / MIN_F0_HZ);
  const diff = new Float64Array(tauMax + 2);
  const cmnd = new Float64Array(tauMax + 2);
  const frames: { f0: number; aperiodicity: number; db: number }[] = [];
  for (let start = 0; start + window + tauMax + 2 <= signal.length; start += hop) {
    let energy = 0;
    for (let j = start; j < start + window; j++) energy += signal[j]! * signal[j]!;
    const [f0, aperiodicity] = yin(signal, start, window, tauMin, tauMax, rate, diff, cmnd);
    frames.push({ f0, aperiodicity, db: dbOf(energy / window) });
  }
  if (frames.length === 0) return null;
  const loud = quantile(
    frames.map((f) => f.db).sort((a, b) => a - b),
    0.95,
  );
  const gate = Math.max(ABSOLUTE_GATE_DBFS, loud - RELATIVE_GATE_DB);
  const voiced = frames
    .filter((f) => f.aperiodicity < VOICING_THRESHOLD && f.db > gate && f.f0 >= MIN_F0_HZ && f.f0 <= MAX_F0_HZ)
    .map((f) => f.f0)
    .sort((a, b) => a - b);
  const voicedSeconds = voiced.length * HOP_SECONDS;
  if (voicedSeconds < MIN_VOICED_SECONDS) return null;
  return {
    medianHz: Math.round(quantile(voiced, 0.5) * 10) / 10,
    voicedSeconds: Math.round(voicedSeconds * 100) / 100,
  };
}
