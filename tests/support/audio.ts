import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createMp3Encoder, createOggEncoder } from 'wasm-media-encoders';

export const fixturesDir = fileURLToPath(new URL('../fixtures/audio/', import.meta.url));

/** A committed fixture (tests/fixtures/audio/README.md says how each was made). */
export const fixture = (name: string) => readFile(fixturesDir + name);

export interface Tone {
  seconds: number;
  sampleRate?: number;
  channels?: 1 | 2;
  frequency?: number;
  /** Peak amplitude, 0..1. Default 0.5. */
  amplitude?: number;
}

/** Samples of a sine, one array per channel (the second channel a fifth above). */
export function sine({ seconds, sampleRate = 48000, channels = 1, frequency = 440, amplitude = 0.5 }: Tone) {
  const n = Math.round(seconds * sampleRate);
  return Array.from({ length: channels }, (_, c) =>
    Float32Array.from(
      { length: n },
      (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * (c ? 1.5 : 1) * i) / sampleRate),
    ),
  );
}

/** The 44-byte header of a 16-bit PCM WAV holding `frames` samples per channel. */
export function wavHeader(frames: number, sampleRate: number, channels: number): Buffer {
  const bytes = frames * channels * 2;
  const b = Buffer.alloc(44);
  b.write('RIFF', 0);
  b.writeUInt32LE(Math.min(0xffffffff, 36 + bytes), 4);
  b.write('WAVE', 8);
  b.write('fmt ', 12);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * channels * 2, 28);
  b.writeUInt16LE(channels * 2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(Math.min(0xffffffff, bytes), 40);
  return b;
}

/** A 16-bit PCM WAV file of a sine. */
export function sineWav(tone: Tone): Buffer {
  const sampleRate = tone.sampleRate ?? 48000;
  const channels = sine(tone);
  const frames = channels[0]!.length;
  const body = Buffer.alloc(frames * channels.length * 2);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels.length; c++) {
      body.writeInt16LE(Math.round(channels[c]![i]! * 32767), (i * channels.length + c) * 2);
    }
  }
  return Buffer.concat([wavHeader(frames, sampleRate, channels.length), body]);
}

/** A CBR MP3 of a sine (LAME in WebAssembly; CBR so the duration reads right without a Xing header). */
export async function sineMp3(tone: Tone): Promise<Buffer> {
  const encoder = await createMp3Encoder();
  const sampleRate = tone.sampleRate ?? 48000;
  encoder.configure({ sampleRate, channels: tone.channels ?? 1, bitrate: 64 } as Parameters<
    typeof encoder.configure
  >[0]);
  const parts = [Buffer.from(encoder.encode(sine(tone))), Buffer.from(encoder.finalize())];
  return Buffer.concat(parts);
}

/** An Ogg Vorbis file of a sine. */
export async function sineOgg(tone: Tone): Promise<Buffer> {
  const encoder = await createOggEncoder();
  encoder.configure({ sampleRate: tone.sampleRate ?? 48000, channels: tone.channels ?? 1, vbrQuality: 2 });
  const parts = [Buffer.from(encoder.encode(sine(tone))), Buffer.from(encoder.finalize())];
  return Buffer.concat(parts);
}

/** A 16-bit PCM WAV file of the given samples (one array per channel, -1..1). */
export function pcmWav(channels: Float32Array[], sampleRate: number): Buffer {
  const frames = channels[0]!.length;
  const body = Buffer.alloc(frames * channels.length * 2);
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < channels.length; c++) {
      const v = Math.max(-1, Math.min(1, channels[c]![i]!));
      body.writeInt16LE(Math.round(v * 32767), (i * channels.length + c) * 2);
    }
  }
  return Buffer.concat([wavHeader(frames, sampleRate, channels.length), body]);
}

export interface SyntheticVoice {
  seconds: number;
  /** Median fundamental frequency, Hz. */
  f0: number;
  sampleRate?: number;
  /** Vibrato depth as a fraction of f0 (0.02 = ±2 %). Default 0.02. */
  vibratoDepth?: number;
  /** Vibrato rate, Hz. Default 5.5. */
  vibratoRate?: number;
  /** RMS of the voice while it sounds. Default 0.1 (−20 dBFS). */
  level?: number;
  /** RMS of the white noise under everything. Default 0.003 (about −50 dBFS). */
  noise?: number;
  /** Leave out the fundamental itself (harmonics 2 and up only), as a telephone line does. */
  missingFundamental?: boolean;
  seed?: number;
}

/** Deterministic uniform numbers in [0, 1) (mulberry32). */
function random(seed: number) {
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
 * A voice-like test signal: a harmonic tone (harmonics falling 6 dB an octave, up to 4 kHz) whose pitch
 * wobbles with vibrato, cut into "syllables" of 0.25-0.6 s with gaps of 0.1-0.35 s and a longer breath
 * every few seconds, over white noise that never stops. Deterministic for a given seed.
 */
export function syntheticVoice(v: SyntheticVoice): Float32Array {
  const sampleRate = v.sampleRate ?? 16000;
  const depth = v.vibratoDepth ?? 0.02;
  const rate = v.vibratoRate ?? 5.5;
  const level = v.level ?? 0.1;
  const noise = v.noise ?? 0.003;
  const rand = random(v.seed ?? 1);
  const n = Math.round(v.seconds * sampleRate);
  const out = new Float32Array(n);
  const top = Math.min(4000, sampleRate * 0.45);
  const harmonics: number[] = [];
  for (let k = v.missingFundamental ? 2 : 1; k * v.f0 * (1 + depth) < top; k++) harmonics.push(k);
  // RMS of the harmonic sum with amplitudes 1/k is sqrt(Σ 1/k² / 2).
  const scale = level / Math.sqrt(harmonics.reduce((s, k) => s + 1 / (k * k), 0) / 2);
  // Syllables and gaps, in samples.
  const envelope = new Float32Array(n);
  const ramp = Math.round(0.03 * sampleRate);
  let at = Math.round(0.2 * sampleRate);
  let sinceBreath = 0;
  while (at < n) {
    const length = Math.round((0.25 + 0.35 * rand()) * sampleRate);
    for (let i = 0; i < length && at + i < n; i++) {
      const edge = Math.min(i, length - 1 - i);
      envelope[at + i] = edge < ramp ? 0.5 - 0.5 * Math.cos((Math.PI * edge) / ramp) : 1;
    }
    at += length;
    sinceBreath += length;
    const breath = sinceBreath > 3 * sampleRate;
    if (breath) sinceBreath = 0;
    at += Math.round((breath ? 0.6 : 0.1 + 0.25 * rand()) * sampleRate);
  }
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const f = v.f0 * (1 + depth * Math.sin((2 * Math.PI * rate * i) / sampleRate));
    phase += (2 * Math.PI * f) / sampleRate;
    if (phase > 2 * Math.PI) phase -= 2 * Math.PI;
    let s = 0;
    if (envelope[i]! > 0) for (const k of harmonics) s += Math.sin(k * phase) / k;
    // Sum of three uniforms: close enough to Gaussian, variance 3/12 before scaling.
    const white = (rand() + rand() + rand() - 1.5) * 2;
    out[i] = scale * envelope[i]! * s + noise * white;
  }
  return out;
}
