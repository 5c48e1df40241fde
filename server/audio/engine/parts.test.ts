import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossfade, ENERGY_BLOCK, planChunks, SLIDE, Stitcher, type ChunkPlan } from './chunks.ts';
import { softLimit, voiceSettings } from './dsp-engine.ts';
import { createMp3Writer, createWavWriter, readLameInfo } from './encode.ts';
import { plainText } from './espeak.ts';
import { addBreath, biquad, FilterChain, magnitudeAt, timbreFilters } from './filters.ts';
import { parseStylePreset, parseVoicePreset } from './presets.ts';
import { createLoudnessMeter } from './loudness.ts';
import { createResampler } from './resample.ts';
import { rms, stylePreset, voicePreset, voiceSignal } from './test-signals.ts';

const db = (ratio: number) => 20 * Math.log10(ratio);
const sine = (n: number, freq: number, rate: number, amplitude = 0.5, phase = 0) =>
  Float32Array.from({ length: n }, (_, i) => amplitude * Math.sin((2 * Math.PI * freq * i) / rate + phase));

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function resampleAll(x: Float32Array, from: number, to: number, piece: number): Float32Array {
  const r = createResampler(from, to);
  const parts: Float32Array[] = [];
  for (let i = 0; i < x.length; i += piece) parts.push(r.push(x.subarray(i, i + piece)).slice());
  parts.push(r.flush());
  return concat(parts);
}

describe('createResampler', () => {
  it.each([
    [44100, 48000],
    [22050, 48000],
    [16000, 48000],
    [48000, 44100],
  ])('turns %d Hz into %d Hz exactly as long, aligned and clean', (from, to) => {
    const n = from * 2 + 37;
    const y = resampleAll(sine(n, 1000, from), from, to, 4000);
    expect(y.length).toBe(Math.round((n * to) / from));
    // Output sample k is the input at time k/to: compare with the ideal tone away from the ends.
    let error = 0;
    for (let k = 500; k < y.length - 500; k++)
      error = Math.max(error, Math.abs(y[k]! - 0.5 * Math.sin((2 * Math.PI * 1000 * k) / to)));
    expect(db(error / 0.5)).toBeLessThan(-70);
  });

  it('gives the same samples whatever the pieces the input comes in', () => {
    const x = voiceSignal({ seconds: 1, sampleRate: 44100 });
    const a = resampleAll(x, 44100, 48000, 1000);
    const b = resampleAll(x, 44100, 48000, 44100);
    expect(a.length).toBe(b.length);
    let diff = 0;
    for (let i = 0; i < a.length; i++) diff = Math.max(diff, Math.abs(a[i]! - b[i]!));
    expect(diff).toBeLessThan(1e-6);
  });

  it('keeps what lies above the new Nyquist frequency out when it lowers the rate', () => {
    const y = resampleAll(sine(48000, 10000, 48000), 48000, 16000, 4096);
    expect(db(rms(y, 1000, y.length - 1000) / (0.5 / Math.SQRT2))).toBeLessThan(-60);
  });
});

describe('createLoudnessMeter (BS.1770)', () => {
  it('reads a full-scale 997 Hz sine as −3.01 LUFS and a tenth of it as −23.01', () => {
    for (const [amplitude, lufs] of [
      [1, -3.01],
      [0.1, -23.01],
    ] as const) {
      const meter = createLoudnessMeter(48000);
      meter.add(sine(48000 * 5, 997, 48000, amplitude));
      expect(meter.integrated()).toBeCloseTo(lufs, 1);
      expect(meter.peak).toBeCloseTo(amplitude, 3);
    }
  });

  it('leaves silence out (gating) and calls all-silence null', () => {
    const meter = createLoudnessMeter(48000);
    meter.add(sine(48000 * 5, 997, 48000, 0.1));
    meter.add(new Float32Array(48000 * 10));
    // Ungated, the silence would bring it to −27.8; the blocks across the edge pull it down a little.
    expect(Math.abs(meter.integrated()! + 23.01)).toBeLessThan(0.2);
    const silent = createLoudnessMeter(48000);
    silent.add(new Float32Array(48000));
    expect(silent.integrated()).toBeNull();
  });
});

describe('spectral colouring', () => {
  const sr = 48000;
  it('builds RBJ shelves and peaks with the asked gain', () => {
    const shelf = biquad('highshelf', 3500, sr, 6);
    expect(db(magnitudeAt(shelf, 15000, sr))).toBeCloseTo(6, 0);
    expect(db(magnitudeAt(shelf, 100, sr))).toBeCloseTo(0, 1);
    const peak = biquad('peak', 2500, sr, -9, 1);
    expect(db(magnitudeAt(peak, 2500, sr))).toBeCloseTo(-9, 1);
  });

  it('tilts by the asked dB per octave and keeps 1 kHz at unity', () => {
    const chain = timbreFilters(voicePreset({ timbre: { tilt_db_per_octave: 3 } }).timbre, sr);
    expect(db(chain.magnitudeAt(1000, sr))).toBeCloseTo(0, 5);
    const slope = (db(chain.magnitudeAt(4000, sr)) - db(chain.magnitudeAt(250, sr))) / 4;
    expect(slope).toBeGreaterThan(2.3);
    expect(slope).toBeLessThan(3.7);
    const darker = timbreFilters(voicePreset({ timbre: { tilt_db_per_octave: -3 } }).timbre, sr);
    expect(db(darker.magnitudeAt(4000, sr))).toBeLessThan(-4);
  });

  it('raises the presence region with brightness and applies every EQ band, 1 kHz at unity', () => {
    const bright = timbreFilters(voicePreset({ timbre: { brightness: 0.75 } }).timbre, sr);
    // +3 dB at 3.5 kHz before the whole chain is brought back to unity at 1 kHz.
    expect(db(bright.magnitudeAt(3500, sr))).toBeGreaterThan(2);
    expect(db(bright.magnitudeAt(1000, sr))).toBeCloseTo(0, 5);
    const eq = timbreFilters(
      voicePreset({
        timbre: {
          eq: [
            { hz: 200, gain_db: 4, q: 1 },
            { hz: 6000, gain_db: -6, q: 1 },
          ],
        },
      }).timbre,
      sr,
    );
    expect(eq.filters).toHaveLength(2);
    expect(db(eq.magnitudeAt(200, sr))).toBeGreaterThan(3.5);
    expect(db(eq.magnitudeAt(6000, sr))).toBeLessThan(-5.5);
    expect(timbreFilters(voicePreset().timbre, sr).empty).toBe(true);
  });

  it('adds breath that follows the voice, the same for the same seed, none in silence', () => {
    // A low hum for a second, then a second of silence.
    const voice = new Float32Array(2 * sr);
    voice.set(sine(sr, 200, sr, 0.3));
    const a = voice.slice();
    const b = voice.slice();
    addBreath(a, 0.3, sr, 42);
    addBreath(b, 0.3, sr, 42);
    expect(a).toEqual(b);
    const high = (x: Float32Array, from: number, to: number) => {
      const y = x.slice();
      new FilterChain([biquad('highpass', 1500, sr)]).process(y);
      return rms(y, from, to);
    };
    // Breath noise 10–30 dB under the hum while it sounds, above 1.5 kHz where the hum has nothing...
    const ratio = db(high(a, 4800, sr) / rms(voice, 4800, sr));
    expect(ratio).toBeGreaterThan(-30);
    expect(ratio).toBeLessThan(-10);
    expect(high(a, 4800, sr)).toBeGreaterThan(high(voice, 4800, sr) * 3);
    // ...and gone once the hum has stopped.
    expect(rms(a, sr + 0.5 * sr, 2 * sr)).toBeLessThan(1e-4);
  });
});

describe('planChunks', () => {
  const sr = 48000;
  const energyOf = (x: Float32Array) => {
    const e = new Float32Array(Math.ceil(x.length / ENERGY_BLOCK));
    for (let b = 0; b < e.length; b++) e[b] = rms(x, b * ENERGY_BLOCK, Math.min(x.length, (b + 1) * ENERGY_BLOCK)) ** 2;
    return e;
  };

  it('keeps a short input whole', () => {
    const plan = planChunks(sr * 18, new Float32Array((sr * 18) / ENERGY_BLOCK), { sampleRate: sr });
    expect(plan.chunks).toHaveLength(1);
    expect(plan.chunks[0]).toMatchObject({ readStart: 0, readEnd: sr * 18, keepStart: 0, keepEnd: sr * 18 });
  });

  it('cuts a long one near every chunkSeconds, in its pauses, with ranges that fit together', () => {
    const x = voiceSignal({ seconds: 70, seed: 3 });
    const plan = planChunks(x.length, energyOf(x), { sampleRate: sr, chunkSeconds: 15 });
    expect(plan.chunks).toHaveLength(5);
    plan.seams.forEach((seam, i) => {
      expect(Math.abs(seam - ((i + 1) * x.length) / 5)).toBeLessThanOrEqual(2 * sr);
      // In a pause: the crossfade there is far quieter than the voice.
      expect(rms(x, seam - plan.crossfade / 2, seam + plan.crossfade / 2)).toBeLessThan(rms(x) * 0.05);
    });
    plan.chunks.forEach((c, i) => {
      expect(c.readStart % ENERGY_BLOCK).toBe(0);
      expect(c.readStart).toBeLessThanOrEqual(c.outStart);
      expect(c.outStart).toBeLessThanOrEqual(c.keepStart);
      expect(c.keepEnd).toBeLessThanOrEqual(c.outEnd);
      expect(c.outEnd).toBeLessThanOrEqual(c.readEnd);
      if (i > 0) expect(c.keepStart).toBe(plan.seams[i - 1]! - plan.crossfade / 2);
      if (i < plan.chunks.length - 1) expect(c.keepEnd).toBe(plan.seams[i]! + plan.crossfade / 2);
    });
    expect(plan.chunks.at(-1)!.keepEnd).toBe(x.length);
  });
});

describe('Stitcher', () => {
  const sr = 48000;
  async function stitch(plan: ChunkPlan, chunkOf: (index: number, start: number, end: number) => Float32Array) {
    const parts: Float32Array[] = [];
    const stitcher = new Stitcher(plan, (s) => void parts.push(s.slice()));
    for (const c of plan.chunks) await stitcher.add(chunkOf(c.index, c.outStart, c.outEnd));
    expect(stitcher.done).toBe(true);
    return { out: concat(parts), slides: stitcher.slides };
  }

  it('puts unconverted chunks back together into exactly the input', async () => {
    const x = voiceSignal({ seconds: 40, syllables: false });
    const plan = planChunks(x.length, new Float32Array(Math.ceil(x.length / ENERGY_BLOCK)), {
      sampleRate: sr,
      chunkSeconds: 10,
    });
    expect(plan.chunks.length).toBe(4);
    const { out, slides } = await stitch(plan, (_, s, e) => x.slice(s, e));
    expect(slides).toEqual([0, 0, 0]);
    expect(out.length).toBe(x.length);
    let diff = 0;
    for (let i = 0; i < x.length; i++) diff = Math.max(diff, Math.abs(out[i]! - x[i]!));
    expect(diff).toBeLessThan(1e-5);
  });

  it('slides a chunk whose partials are out of step to where it matches, with no dip at the seam', async () => {
    const n = sr * 30;
    const tone = (shift: number) =>
      Float32Array.from({ length: n + 1000 }, (_, i) => {
        const t = (i - shift) / sr;
        return (
          0.3 * Math.sin(2 * Math.PI * 150 * t) +
          0.2 * Math.sin(2 * Math.PI * 300 * t + 1) +
          0.1 * Math.sin(2 * Math.PI * 450 * t + 2)
        );
      });
    // The second chunk runs 100 samples late, the third 50 early (as independent conversions might).
    const versions = [tone(0), tone(100), tone(-50)];
    const plan = planChunks(n, new Float32Array(n / ENERGY_BLOCK), { sampleRate: sr, chunkSeconds: 10 });
    const { out, slides } = await stitch(plan, (i, s, e) => versions[i]!.slice(s, e));
    expect(slides).toEqual([100, -50]);
    expect(slides.every((d) => Math.abs(d) <= SLIDE)).toBe(true);
    expect(out.length).toBe(n);
    // Slid into step, the chunks add up to the tone itself: no dip, no bump, no click.
    const reference = versions[0]!;
    let diff = 0;
    for (let i = 0; i < n; i++) diff = Math.max(diff, Math.abs(out[i]! - reference[i]!));
    expect(diff).toBeLessThan(1e-4);
  });

  it('keeps the power of uncorrelated signals through a crossfade', () => {
    let seed = 1;
    const noise = () =>
      Float32Array.from({ length: 4800 }, () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 31 - 1) * 0.5);
    const a = noise();
    const b = noise();
    const mixed = b.slice();
    crossfade(a, mixed);
    expect(Math.abs(db(rms(mixed, 2000, 2800) / rms(a)))).toBeLessThan(1);
  });
});

describe('writers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'engine-parts-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a 16-bit WAV that decodes to the same samples', async () => {
    const x = sine(48000 + 11, 440, 48000);
    const file = path.join(dir, 'a.wav');
    const w = await createWavWriter(file, 48000, x.length);
    await w.write(x.subarray(0, 1000));
    await w.write(x.subarray(1000));
    expect(await w.close()).toBe(44 + x.length * 2);
    const d = await decode(await readFile(file));
    expect(d.channelData[0]!.length).toBe(x.length);
    expect(Math.abs(d.channelData[0]![1234]! - x[1234]!)).toBeLessThan(1e-4);
  });

  it('writes a CBR MP3 whose Info frame gives the exact length and that starts on the first sample', async () => {
    const x = sine(48000 * 3 + 123, 220, 48000, 0.3);
    const file = path.join(dir, 'a.mp3');
    const w = await createMp3Writer(file, 48000, 128);
    for (let i = 0; i < x.length; i += 10000) await w.write(x.subarray(i, i + 10000));
    const size = await w.close();
    const bytes = await readFile(file);
    expect(bytes.length).toBe(size);
    // CBR: every frame 384 bytes at 128 kbit/s and 48 kHz.
    expect(bytes.length % 384).toBe(0);
    expect(readLameInfo(bytes)).toEqual({ samples: x.length, delay: 576, padding: expect.any(Number) });
    const d = await decode(bytes);
    const y = d.channelData[0]!;
    // The decoder skips the Info frame and the encoder's delay; it may keep the end padding (< 1 frame).
    expect(y.length).toBeGreaterThanOrEqual(x.length);
    expect(y.length - x.length).toBeLessThan(1152);
    let error = 0;
    for (let i = 2000; i < x.length - 2000; i++) error = Math.max(error, Math.abs(y[i]! - x[i]!));
    expect(error).toBeLessThan(0.05);
  });
});

describe('voiceSettings', () => {
  it('adds the voice offset and the user semitones, and reads the style and advanced settings', () => {
    const v = voiceSettings({
      preset: voicePreset({ pitch_offset_semitones: 3, formant_scale: 1.1, timbre: { breathiness: 0.2 } }),
      semitones: 2.5,
      narrationStyle: stylePreset({ rate: 1.25, pitch_range: 1.5, breathiness: 0.1 }),
      emotionalScale: 0.25,
      hft: true,
    });
    expect(v.semitones).toBe(5.5);
    expect(v.pitchScale).toBeCloseTo(2 ** (5.5 / 12), 12);
    expect(v.formantScale).toBe(1.1);
    expect(v.timeRatio).toBeCloseTo(0.8, 12);
    expect(v.breathiness).toBeCloseTo(0.3, 12);
    // pitch range 1.5 × emotional scale 0.25 (half the spread).
    expect(v.contour).toBeCloseTo(0.75, 12);
    expect(v.hft).toBe(true);
  });

  it.each([0.25, 24.5, -30, Number.NaN])('refuses %d semitones', (semitones) => {
    expect(() => voiceSettings({ preset: voicePreset(), semitones })).toThrow(RangeError);
  });

  it('refuses a formant scale out of 0.5..2, naming the field', () => {
    expect(() => voiceSettings({ preset: voicePreset({ formant_scale: 3 }), semitones: 0 })).toThrow(
      /formant_scale is 3, not within 0.5..2/,
    );
  });

  it('refuses a preset of another shape rather than ignoring its fields', () => {
    const old = { pitch_offset_semitones: 0, formant_scale: 1, timbre: { tilt_db_per_octave: 0, brightness_db: 3 } };
    expect(() => parseVoicePreset(old, 'Ava')).toThrow(/Ava: timbre.brightness is missing/);
    const band = voicePreset({ timbre: { eq: [{ freq: 200, type: 'peak' } as never] } });
    expect(() => parseVoicePreset(band, 'Ava')).toThrow(/timbre.eq\[0\].hz is missing/);
    expect(() => parseStylePreset({ ...stylePreset(), pitch_semitones: 2 }, 'PROMO')).toThrow(
      /PROMO: pitch_semitones is not a field the engine reads/,
    );
    expect(() => voiceSettings({ preset: voicePreset(), semitones: 0, emotionalScale: 1.5 })).toThrow(RangeError);
  });
});

describe('softLimit', () => {
  it('passes everything under −0.9 dBFS unchanged and bends the rest smoothly under full scale', () => {
    const x = Float32Array.from([0, 0.5, -0.9, 0.95, 1.2, -3, 10]);
    softLimit(x);
    expect(Array.from(x.subarray(0, 3))).toEqual([0, 0.5, Math.fround(-0.9)]);
    expect(x[3]!).toBeGreaterThan(0.94);
    expect(x[4]!).toBeGreaterThan(x[3]!);
    expect(x[6]!).toBeGreaterThan(x[4]!);
    expect(x[6]!).toBeLessThanOrEqual(1);
    expect(x[5]!).toBeGreaterThanOrEqual(-1);
  });
});

describe('plainText', () => {
  it('escapes markup and phoneme brackets so eSpeak speaks them as written', () => {
    expect(plainText('a <break time="60s"/> & [[h@l]]')).toBe('a &lt;break time="60s"/&gt; &amp; [ [h@l]]');
  });
});
