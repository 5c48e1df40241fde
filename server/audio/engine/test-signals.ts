/**
 * Test and benchmark signals: a source-filter voice (a harmonic glottal source through formant
 * resonators, in syllables with pauses) whose pitch and formants are known, and helpers to measure a
 * result. Deterministic for a given seed.
 */
import { createVoiceAnalyzer } from '../pitch.ts';
import { random } from './filters.ts';

export interface VoiceSignal {
  seconds: number;
  /** Median fundamental, Hz. Default 140. */
  f0?: number;
  sampleRate?: number;
  /** Formant centre frequencies, Hz. Default an /a/-like 700, 1200, 2600, 3500. */
  formants?: number[];
  /** ±fraction of f0. Default 0.03. */
  vibratoDepth?: number;
  /** Cut into syllables with pauses (true) or one continuous tone (false). Default true. */
  syllables?: boolean;
  /** Peak level before the envelope. Default 0.3. */
  level?: number;
  seed?: number;
}

/** Two-pole resonator (constant 0 dB peak gain band-pass), applied in place into `out` (added). */
function resonate(
  source: Float32Array,
  out: Float32Array,
  freq: number,
  bandwidth: number,
  gain: number,
  sampleRate: number,
) {
  const r = Math.exp((-Math.PI * bandwidth) / sampleRate);
  const a1 = -2 * r * Math.cos((2 * Math.PI * freq) / sampleRate);
  const a2 = r * r;
  const g = (1 - r * r) / 2;
  let y1 = 0;
  let y2 = 0;
  let x2 = 0;
  let x1 = 0;
  for (let i = 0; i < source.length; i++) {
    const x = source[i]!;
    const y = g * (x - x2) - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i]! += gain * y;
  }
}

export function voiceSignal(v: VoiceSignal): Float32Array {
  const sampleRate = v.sampleRate ?? 48000;
  const f0 = v.f0 ?? 140;
  const depth = v.vibratoDepth ?? 0.03;
  const formants = v.formants ?? [700, 1200, 2600, 3500];
  const n = Math.round(v.seconds * sampleRate);
  const rand = random(v.seed ?? 7);
  // Glottal source: harmonics falling 6 dB an octave up to 8 kHz (the resonators add the rest), read from
  // a table of one period (built for the highest pitch the vibrato reaches, so nothing aliases).
  const top = Math.min(8000, sampleRate * 0.45);
  const TABLE = 8192;
  const table = new Float32Array(TABLE + 1);
  const harmonics = Math.max(1, Math.floor(top / (f0 * (1 + 1.5 * depth))));
  for (let i = 0; i <= TABLE; i++) {
    let s = 0;
    for (let k = 1; k <= harmonics; k++) s += Math.sin((2 * Math.PI * k * i) / TABLE) / k;
    table[i] = s;
  }
  const source = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    // Vibrato plus a slow drift of the melody, as speech has.
    const f = f0 * (1 + depth * Math.sin(2 * Math.PI * 5.5 * t) + 0.5 * depth * Math.sin(2 * Math.PI * 0.37 * t));
    phase += f / sampleRate;
    if (phase >= 1) phase -= 1;
    const at = phase * TABLE;
    const j = Math.floor(at);
    source[i] = table[j]! + (table[j + 1]! - table[j]!) * (at - j);
  }
  const out = new Float32Array(n);
  formants.forEach((freq, i) =>
    resonate(source, out, freq, 80 + freq * 0.06, [1, 0.7, 0.35, 0.25][i] ?? 0.2, sampleRate),
  );
  let peak = 0;
  for (let i = 0; i < n; i++) peak = Math.max(peak, Math.abs(out[i]!));
  const level = (v.level ?? 0.3) / peak;
  if (v.syllables === false) {
    for (let i = 0; i < n; i++) out[i]! *= level;
    return out;
  }
  const envelope = new Float32Array(n);
  const ramp = Math.round(0.03 * sampleRate);
  let at = Math.round(0.15 * sampleRate);
  while (at < n) {
    const length = Math.round((0.25 + 0.4 * rand()) * sampleRate);
    for (let i = 0; i < length && at + i < n; i++) {
      const edge = Math.min(i, length - 1 - i);
      envelope[at + i] = edge < ramp ? 0.5 - 0.5 * Math.cos((Math.PI * edge) / ramp) : 1;
    }
    at += length + Math.round((0.08 + 0.3 * rand()) * sampleRate);
  }
  for (let i = 0; i < n; i++) out[i]! *= level * envelope[i]!;
  return out;
}

/** Median F0 (YIN, server/audio/pitch.ts) of a mono signal. */
export function medianPitch(samples: Float32Array, sampleRate: number): number {
  const analyzer = createVoiceAnalyzer();
  for (let i = 0; i < samples.length; i += 48000) analyzer.add([samples.subarray(i, i + 48000)], sampleRate);
  return analyzer.finish().f0_median_hz;
}

export const semitonesBetween = (from: number, to: number) => 12 * Math.log2(to / from);

/** In-place radix-2 FFT. */
function fft(re: Float64Array, im: Float64Array) {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    for (let i = 0; i < n; i += len) {
      for (let j = 0; j < len / 2; j++) {
        const wr = Math.cos(angle * j);
        const wi = Math.sin(angle * j);
        const a = i + j;
        const b = a + len / 2;
        const vr = re[b]! * wr - im[b]! * wi;
        const vi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - vr;
        im[b] = im[a]! - vi;
        re[a]! += vr;
        im[a]! += vi;
      }
    }
  }
}

/** Average power spectrum (Hann windows of `size`, hop size/2) of the frames louder than −40 dB re the loudest. */
export function powerSpectrum(samples: Float32Array, size = 4096): Float64Array {
  const frames: number[] = [];
  const energies: number[] = [];
  for (let s = 0; s + size <= samples.length; s += size / 2) {
    let e = 0;
    for (let i = 0; i < size; i++) e += samples[s + i]! ** 2;
    frames.push(s);
    energies.push(e);
  }
  const loudest = Math.max(...energies);
  const power = new Float64Array(size / 2);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  frames.forEach((s, k) => {
    if (energies[k]! < loudest * 1e-4) return;
    for (let i = 0; i < size; i++) {
      re[i] = samples[s + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size));
      im[i] = 0;
    }
    fft(re, im);
    for (let i = 0; i < size / 2; i++) power[i]! += re[i]! ** 2 + im[i]! ** 2;
  });
  return power;
}

/** Spectral centroid (Hz) of the voiced frames, between 100 Hz and 8 kHz. */
export function spectralCentroid(samples: Float32Array, sampleRate: number): number {
  const size = 4096;
  const power = powerSpectrum(samples, size);
  let num = 0;
  let den = 0;
  for (let i = 0; i < power.length; i++) {
    const f = (i * sampleRate) / size;
    if (f < 100 || f > 8000) continue;
    num += f * power[i]!;
    den += power[i]!;
  }
  return num / den;
}

export const rms = (x: Float32Array, from = 0, to = x.length) => {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i]! ** 2;
  return Math.sqrt(s / Math.max(1, to - from));
};
