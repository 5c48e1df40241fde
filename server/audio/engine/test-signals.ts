/**
 * Test and benchmark signals: a source-filter voice (a harmonic glottal source through formant
 * resonators, in syllables with pauses) whose pitch and formants are known, and helpers to measure a
 * result. Deterministic for a given seed.
 */
import { createVoiceAnalyzer } from '../pitch.ts';
import { biquad, FilterChain, random } from './filters.ts';
import { NEUTRAL_STYLE, NEUTRAL_VOICE, type StylePreset, type VoicePreset, type VoiceTimbre } from './types.ts';

export interface VoiceSignal {
  seconds: number;
  /** Median fundamental, Hz. Default 140. */
  f0?: number;
  sampleRate?: number;
  /** Formant centre frequencies, Hz. Default an /a/-like 700, 1200, 2600, 3500. */
  formants?: number[];
  /** ±fraction of f0. Default 0.03. */
  vibratoDepth?: number;
  /** A speech-like melody on top: ±this many semitones at `intonationHz`. Default 0. */
  intonationSemitones?: number;
  intonationHz?: number;
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
  const harmonics = Math.max(1, Math.floor(top / (f0 * (1 + 1.5 * depth) * 2 ** ((v.intonationSemitones ?? 0) / 12))));
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
    const f =
      f0 *
      (1 + depth * Math.sin(2 * Math.PI * 5.5 * t) + 0.5 * depth * Math.sin(2 * Math.PI * 0.37 * t)) *
      2 ** (((v.intonationSemitones ?? 0) * Math.sin(2 * Math.PI * (v.intonationHz ?? 1) * t)) / 12);
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

/** A voice preset: NEUTRAL_VOICE with the fields given. */
export const voicePreset = (
  p: Partial<Omit<VoicePreset, 'timbre'>> & { timbre?: Partial<VoiceTimbre> } = {},
): VoicePreset => ({ ...NEUTRAL_VOICE, ...p, timbre: { ...NEUTRAL_VOICE.timbre, ...p.timbre } });

/** A narration style: NEUTRAL_STYLE with the fields given. */
export const stylePreset = (p: Partial<StylePreset> = {}): StylePreset => ({ ...NEUTRAL_STYLE, ...p });

// ─────────────────────────── measures of a voice (the measured engine tests and `npm run bench -- voices`) ───────────────────────────

/**
 * The clip the measured tests and the voices bench convert: a source-filter voice in syllables and pauses
 * with a speech-like melody (±2 semitones at 1.3 Hz, a little vibrato), a loudness contour (±6 dB at
 * 0.7 Hz) and breath-like air above 9 kHz that follows the voice (what high-frequency transfer carries over).
 */
export function measuredClip(seconds = 2, seed = 31): Float32Array {
  const sr = 48000;
  const x = voiceSignal({ seconds, f0: 140, vibratoDepth: 0.01, intonationSemitones: 2, intonationHz: 1.3, seed });
  const rand = random(seed + 1);
  const air = new Float32Array(x.length);
  for (let i = 0; i < air.length; i++) air[i] = rand() - 0.5;
  new FilterChain([biquad('highpass', 9000, sr, 0, 0.7), biquad('highpass', 9000, sr, 0, 0.7)]).process(air);
  let env = 0;
  for (let i = 0; i < x.length; i++) {
    const a = Math.abs(x[i]!);
    env += (a - env) * (a > env ? 0.01 : 0.0005);
    x[i] = (x[i]! + air[i]! * env * 0.4) * 10 ** ((6 * Math.sin((2 * Math.PI * 0.7 * i) / sr)) / 20);
  }
  return x;
}

/** Band levels (dB) of the long-term spectrum between each pair of neighbouring `edges` (Hz). */
export function bandLevels(samples: Float32Array, sampleRate: number, edges: number[], size = 4096): number[] {
  const power = powerSpectrum(samples, size);
  const out: number[] = [];
  for (let k = 0; k + 1 < edges.length; k++) {
    const from = Math.max(1, Math.round((edges[k]! / sampleRate) * size));
    const to = Math.max(from + 1, Math.round((edges[k + 1]! / sampleRate) * size));
    let sum = 0;
    for (let i = from; i < to && i < power.length; i++) sum += power[i]!;
    out.push(10 * Math.log10(sum / (to - from) + 1e-20));
  }
  return out;
}

/** dB of `samples`' long-term spectrum in [lo, hi) Hz. */
export const bandLevel = (samples: Float32Array, sampleRate: number, lo: number, hi: number) =>
  bandLevels(samples, sampleRate, [lo, hi])[0]!;

/** Sixth-octave band edges from 80 Hz to 16 kHz. */
export const SIXTH_OCTAVES = Array.from(
  { length: Math.floor(6 * Math.log2(16000 / 80)) + 1 },
  (_, i) => 80 * 2 ** (i / 6),
);

/**
 * The spectral distance of two results of the same clip, dB: the RMS difference of their long-term
 * spectra in sixth-octave bands (80 Hz–16 kHz), each spectrum's mean level removed, so it hears colour,
 * formants and pitch (the harmonics' places), not loudness.
 */
export function spectralDistance(a: number[], b: number[]): number {
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - ma - (b[i]! - mb)) ** 2;
  return Math.sqrt(sum / a.length);
}

/** Level (dB) of each 50 ms block within 20 dB of the loudest (the speech, not its pauses). */
export function activeLevels(samples: Float32Array, sampleRate: number): number[] {
  const block = Math.round(0.05 * sampleRate);
  const levels: number[] = [];
  for (let at = 0; at + block <= samples.length; at += block)
    levels.push(20 * Math.log10(rms(samples, at, at + block) + 1e-12));
  const top = Math.max(...levels);
  return levels.filter((l) => l > top - 20);
}

/** The loudness contour's spread: standard deviation (dB) of the active 50 ms block levels. */
export function levelSpread(samples: Float32Array, sampleRate: number): number {
  const levels = activeLevels(samples, sampleRate);
  const mean = levels.reduce((s, x) => s + x, 0) / levels.length;
  return Math.sqrt(levels.reduce((s, x) => s + (x - mean) ** 2, 0) / levels.length);
}

/**
 * Harmonics-to-noise ratio (dB): per 40 ms frame within 20 dB of the loudest, the highest normalised
 * autocorrelation r at a lag of one pitch period (70–400 Hz), as 10·log10(r / (1 − r)); the median.
 */
export function hnr(samples: Float32Array, sampleRate: number): number {
  const frame = Math.round(0.04 * sampleRate);
  const lo = Math.floor(sampleRate / 400);
  const hi = Math.ceil(sampleRate / 70);
  const frames: number[] = [];
  for (let at = 0; at + frame + hi <= samples.length; at += frame) frames.push(at);
  const energy = frames.map((at) => rms(samples, at, at + frame));
  const top = Math.max(...energy);
  const values: number[] = [];
  frames.forEach((at, k) => {
    if (energy[k]! < top * 0.1) return;
    let best = 0;
    for (let lag = lo; lag <= hi; lag++) {
      let ab = 0;
      let aa = 0;
      let bb = 0;
      for (let i = at; i < at + frame; i += 2) {
        ab += samples[i]! * samples[i + lag]!;
        aa += samples[i]! ** 2;
        bb += samples[i + lag]! ** 2;
      }
      best = Math.max(best, ab / Math.sqrt(aa * bb + 1e-20));
    }
    const r = Math.min(0.9999, Math.max(1e-4, best));
    values.push(10 * Math.log10(r / (1 - r)));
  });
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)]!;
}

/** How strongly the amplitude envelope moves at `hz`: the envelope's DFT magnitude there over its mean. */
export function envelopeModulation(samples: Float32Array, sampleRate: number, hz: number): number {
  let re = 0;
  let im = 0;
  let sum = 0;
  let env = 0;
  const a = 1 - Math.exp(-1 / (0.002 * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    env += (Math.abs(samples[i]!) - env) * a;
    const w = (2 * Math.PI * hz * i) / sampleRate;
    re += env * Math.cos(w);
    im += env * Math.sin(w);
    sum += env;
  }
  return Math.hypot(re, im) / sum;
}

/** Seconds of the signal's pauses: 10 ms blocks more than 35 dB under the loudest. */
export function pauseSeconds(samples: Float32Array, sampleRate: number): number {
  const block = Math.round(0.01 * sampleRate);
  const levels: number[] = [];
  for (let at = 0; at + block <= samples.length; at += block) levels.push(rms(samples, at, at + block));
  const top = Math.max(...levels);
  return (levels.filter((l) => l < top * 10 ** (-35 / 20)).length * block) / sampleRate;
}
