/**
 * Spectral colouring: RBJ-cookbook biquads (shelves, peaks, band limits), a spectral tilt built from
 * shelves, and breath noise that follows the voice. Everything is deterministic for a given input and
 * position, so a chunk converted on any thread gives the same samples.
 */
import type { VoiceTimbre } from './types.ts';

export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

export type BiquadType = 'peak' | 'lowshelf' | 'highshelf' | 'lowpass' | 'highpass';

/** One RBJ biquad, normalised (a0 = 1). Shelves use slope 1; `q` is the bandwidth of peaks and the resonance of lowpass/highpass. */
export function biquad(type: BiquadType, freq: number, sampleRate: number, gainDb = 0, q = Math.SQRT1_2): Biquad {
  const w0 = (2 * Math.PI * Math.min(freq, sampleRate * 0.49)) / sampleRate;
  const cos = Math.cos(w0);
  const sin = Math.sin(w0);
  const A = 10 ** (gainDb / 40);
  let b0: number, b1: number, b2: number, a0: number, a1: number, a2: number;
  switch (type) {
    case 'lowpass':
    case 'highpass': {
      const alpha = sin / (2 * q);
      b1 = type === 'lowpass' ? 1 - cos : -(1 + cos);
      b0 = b2 = Math.abs(b1) / 2;
      a0 = 1 + alpha;
      a1 = -2 * cos;
      a2 = 1 - alpha;
      break;
    }
    case 'peak': {
      const alpha = sin / (2 * q);
      b0 = 1 + alpha * A;
      b1 = -2 * cos;
      b2 = 1 - alpha * A;
      a0 = 1 + alpha / A;
      a1 = -2 * cos;
      a2 = 1 - alpha / A;
      break;
    }
    case 'lowshelf':
    case 'highshelf': {
      const alpha = (sin / 2) * Math.SQRT2;
      const r = 2 * Math.sqrt(A) * alpha;
      if (type === 'lowshelf') {
        b0 = A * (A + 1 - (A - 1) * cos + r);
        b1 = 2 * A * (A - 1 - (A + 1) * cos);
        b2 = A * (A + 1 - (A - 1) * cos - r);
        a0 = A + 1 + (A - 1) * cos + r;
        a1 = -2 * (A - 1 + (A + 1) * cos);
        a2 = A + 1 + (A - 1) * cos - r;
      } else {
        b0 = A * (A + 1 + (A - 1) * cos + r);
        b1 = -2 * A * (A - 1 + (A + 1) * cos);
        b2 = A * (A + 1 + (A - 1) * cos - r);
        a0 = A + 1 - (A - 1) * cos + r;
        a1 = 2 * (A - 1 - (A + 1) * cos);
        a2 = A + 1 - (A - 1) * cos - r;
      }
      break;
    }
    default:
      throw new RangeError(`Unknown filter type ${String(type)}`);
  }
  return { b0: b0 / a0, b1: b1 / a0, b2: b2 / a0, a1: a1 / a0, a2: a2 / a0 };
}

/** |H| of a biquad at `freq`. */
export function magnitudeAt(f: Biquad, freq: number, sampleRate: number): number {
  const w = (2 * Math.PI * freq) / sampleRate;
  const c1 = Math.cos(w),
    s1 = Math.sin(w),
    c2 = Math.cos(2 * w),
    s2 = Math.sin(2 * w);
  const nr = f.b0 + f.b1 * c1 + f.b2 * c2;
  const ni = -(f.b1 * s1 + f.b2 * s2);
  const dr = 1 + f.a1 * c1 + f.a2 * c2;
  const di = -(f.a1 * s1 + f.a2 * s2);
  return Math.sqrt((nr * nr + ni * ni) / (dr * dr + di * di));
}

/** A cascade of biquads and a gain, applied in place (transposed direct form II). */
export class FilterChain {
  readonly filters: Biquad[];
  gain: number;
  private readonly z1: Float64Array;
  private readonly z2: Float64Array;

  constructor(filters: Biquad[], gain = 1) {
    this.filters = filters;
    this.gain = gain;
    this.z1 = new Float64Array(filters.length);
    this.z2 = new Float64Array(filters.length);
  }

  get empty(): boolean {
    return this.filters.length === 0 && this.gain === 1;
  }

  /** |H| of the whole chain at `freq`. */
  magnitudeAt(freq: number, sampleRate: number): number {
    return this.filters.reduce((m, f) => m * magnitudeAt(f, freq, sampleRate), this.gain);
  }

  process(x: Float32Array): void {
    for (let k = 0; k < this.filters.length; k++) {
      const { b0, b1, b2, a1, a2 } = this.filters[k]!;
      let z1 = this.z1[k]!;
      let z2 = this.z2[k]!;
      for (let i = 0; i < x.length; i++) {
        const v = x[i]!;
        const y = b0 * v + z1;
        z1 = b1 * v - a1 * y + z2;
        z2 = b2 * v - a2 * y;
        x[i] = y;
      }
      this.z1[k] = z1;
      this.z2[k] = z2;
    }
    if (this.gain !== 1) for (let i = 0; i < x.length; i++) x[i]! *= this.gain;
  }
}

const num = (v: unknown, min: number, max: number, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, v)) : fallback;

/** Shelves two octaves apart from 125 Hz to 8 kHz: together a straight line of `dbPerOctave`, 0 dB at 1 kHz. */
function tilt(dbPerOctave: number, sampleRate: number): Biquad[] {
  if (dbPerOctave === 0) return [];
  return [250, 1000, 4000].map((f) => biquad('highshelf', f, sampleRate, 2 * dbPerOctave));
}

/** Where a voice's brightness acts: a broad peak over the presence region (2–6 kHz). */
export const BRIGHTNESS_HZ = 3500;
/** dB at BRIGHTNESS_HZ per unit of brightness away from 0.5 (0 → −6 dB, 1 → +6 dB). */
export const BRIGHTNESS_DB = 12;

/**
 * The filters a voice's timbre asks for — tilt, brightness, EQ bands — normalised to unity gain at 1 kHz so
 * colouring changes the balance, not the level.
 */
export function timbreFilters(timbre: VoiceTimbre, sampleRate: number): FilterChain {
  const filters: Biquad[] = [];
  filters.push(...tilt(num(timbre.tilt_db_per_octave, -6, 6), sampleRate));
  const brightness = (num(timbre.brightness, 0, 1, 0.5) - 0.5) * BRIGHTNESS_DB;
  if (brightness) filters.push(biquad('peak', BRIGHTNESS_HZ, sampleRate, brightness, 0.6));
  for (const band of timbre.eq) {
    if (band.gain_db === 0) continue;
    filters.push(biquad('peak', Math.min(band.hz, sampleRate * 0.45), sampleRate, band.gain_db, band.q));
  }
  const chain = new FilterChain(filters);
  if (filters.length) chain.gain = 1 / chain.magnitudeAt(1000, sampleRate);
  return chain;
}

/** A smooth random value in −1..1 at absolute sample `at`: knots every `period` samples, cosine-interpolated. */
function valueNoise(at: number, period: number, seed: number): number {
  const k = Math.floor(at / period);
  const frac = (at - k * period) / period;
  const knot = (i: number) => {
    let t = (Math.imul(i, 0x9e3779b1) ^ seed) >>> 0;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * 2 - 1;
  };
  const w = 0.5 - 0.5 * Math.cos(Math.PI * frac);
  return knot(k) * (1 - w) + knot(k + 1) * w;
}

/**
 * A creature's growl, `amount` 0..1: the amplitude changes at random from one moment to the next, about
 * 150 times a second — shimmer, the rasp of an irregular voice: no two pitch periods are alike, the
 * harmonics smear into noise. Positions are absolute (`start` is the first sample's), so chunks converted
 * apart agree where they overlap.
 */
export function addRoughness(x: Float32Array, amount: number, sampleRate: number, start: number): void {
  const r = num(amount, 0, 1);
  if (r === 0) return;
  const period = Math.round(sampleRate / 150);
  const depth = 0.9 * r;
  for (let i = 0; i < x.length; i++) {
    x[i]! *= Math.max(0, 1 + depth * valueNoise(start + i, period, 0x51f15e));
  }
}

/**
 * A robot's ring modulator: the voice times a carrier of `hz`, mixed half and half with the voice (so the
 * words stay clear). The carrier's phase is the absolute position's.
 */
export function ringModulate(x: Float32Array, hz: number, sampleRate: number, start: number): void {
  if (!(hz > 0)) return;
  const w = (2 * Math.PI * hz) / sampleRate;
  for (let i = 0; i < x.length; i++) x[i]! *= 0.5 + 0.5 * Math.cos(w * (start + i));
}

/** Deterministic uniform numbers in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Adds aspiration noise shaped like breath (1.5–6 kHz) whose level follows the voice's own envelope, so it
 * sounds with the voice and is silent in its pauses. `amount` 0..1; `seed` makes it repeatable.
 */
export function addBreath(x: Float32Array, amount: number, sampleRate: number, seed: number): void {
  const level = num(amount, 0, 1);
  if (level === 0) return;
  const rand = random(seed);
  const band = new FilterChain([
    biquad('highpass', 1500, sampleRate, 0, 0.7),
    biquad('lowpass', 6000, sampleRate, 0, 0.7),
  ]);
  const noise = new Float32Array(x.length);
  for (let i = 0; i < noise.length; i++) noise[i] = rand() + rand() + rand() - 1.5;
  band.process(noise);
  // Envelope: fast attack (5 ms), slower release (60 ms).
  const attack = 1 - Math.exp(-1 / (0.005 * sampleRate));
  const release = 1 - Math.exp(-1 / (0.06 * sampleRate));
  let env = 0;
  // The band-passed sum of three uniforms has an RMS near 0.3.
  const gain = (level * 1.5) / 0.3;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i]!);
    env += (a - env) * (a > env ? attack : release);
    x[i]! += gain * env * noise[i]! * 0.5;
  }
}

/** Where high-frequency transfer splits the spectrum: the original's band above it replaces the result's. */
export const HFT_HZ = 8000;

/** A Linkwitz–Riley crossover half at HFT_HZ (two Butterworth sections): the two halves sum flat. */
const crossover = (type: 'lowpass' | 'highpass', sampleRate: number) =>
  new FilterChain([biquad(type, HFT_HZ, sampleRate), biquad(type, HFT_HZ, sampleRate)]);

/** The band above HFT_HZ, a new array. */
export function highBand(x: Float32Array, sampleRate: number): Float32Array {
  const y = x.slice();
  crossover('highpass', sampleRate).process(y);
  return y;
}

/** High-frequency transfer: `x` keeps its band below HFT_HZ and takes `band` (the original's, aligned) above it. */
export function transferHighBand(x: Float32Array, band: Float32Array, sampleRate: number): void {
  crossover('lowpass', sampleRate).process(x);
  const n = Math.min(x.length, band.length);
  for (let i = 0; i < n; i++) x[i]! += band[i]!;
}

/**
 * A narration style's energy, `energy` 0.25..2: the loudness contour around `medianDb` (the whole input's
 * median level of speech, mean square dB per 10 ms) is scaled by `energy` — louder moments louder still and
 * quieter ones quieter above 1, an evener delivery below — and the level moves by 6 dB per doubling. The
 * envelope is a 30 ms mean square; outside ±15 dB of the median (silence, a shout) the gain holds.
 */
export function shapeEnergy(x: Float32Array, energy: number, medianDb: number | null, sampleRate: number): void {
  if (energy === 1 || medianDb === null) return;
  const level = 6 * Math.log2(energy);
  const a = 1 - Math.exp(-1 / (0.03 * sampleRate));
  let ms = 10 ** (medianDb / 10);
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    ms += (v * v - ms) * a;
    const db = Math.min(medianDb + 15, Math.max(medianDb - 15, 10 * Math.log10(ms + 1e-20)));
    const gainDb = Math.min(18, Math.max(-24, (energy - 1) * (db - medianDb) + level));
    x[i] = v * 10 ** (gainDb / 20);
  }
}
