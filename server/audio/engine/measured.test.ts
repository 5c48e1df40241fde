/**
 * The engine measured, not its shapes compared: one short clip (test-signals.ts measuredClip) converted
 * through the real engine into every voice of the catalogue, and with each declared parameter, narration
 * style field and advanced setting turned down and up. Each must move what a listener hears — band levels
 * of the long-term spectrum, F0 spread, loudness contour, duration, pauses, harmonics-to-noise ratio — in
 * its direction, and by more than the measurement noise (a few tenths of a dB or semitone on this clip).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import decode from 'audio-decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVATE_VOICES, VOICES } from '../../models/catalogue-data.ts';
import { f0Spread, medianF0, trackF0 } from './contour.ts';
import { createDspEngine, TARGET_LOUDNESS_LUFS } from './dsp-engine.ts';
import { timbreFilters } from './filters.ts';
import { createLoudnessMeter } from './loudness.ts';
import {
  bandLevel,
  bandLevels,
  envelopeModulation,
  hnr,
  levelSpread,
  measuredClip,
  pauseSeconds,
  semitonesBetween,
  SIXTH_OCTAVES,
  spectralCentroid,
  spectralDistance,
  stylePreset,
  voicePreset,
  voiceSignal,
} from './test-signals.ts';
import { NEUTRAL_VOICE, type ConvertParams, type Engine, type VoicePreset } from './types.ts';

const SR = 48000;
const clip = measuredClip(2);
/**
 * Every catalogue voice is converted three times: on a shorter clip (1.2 s) its pitch and long-term spectrum
 * measure as well (the narration styles' contours need the 2 s one), at 60% of the work.
 */
const voiceClip = measuredClip(1.2);
let engine: Engine;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'engine-measured-'));
  engine = createDspEngine({ workers: 2, tmpDir: dir });
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

/** The clip converted with `params`, read back from the WAV the engine wrote. */
async function convert(params: ConvertParams, input = clip): Promise<Float32Array> {
  const result = await engine.convert({ pcm: [input], sampleRate: SR }, params, {
    outDir: await mkdtemp(path.join(dir, 'out-')),
  });
  const wav = await decode(await readFile(result.wavPath));
  const samples = wav.channelData[0]!;
  expect(samples.length).toBe(result.frames);
  expect(result.duration).toBe(result.frames / SR);
  await rm(path.dirname(result.wavPath), { recursive: true, force: true });
  return samples;
}

const median = (x: Float32Array) => medianF0(trackF0(x));
const spread = (x: Float32Array) => f0Spread(trackF0(x));
const lufs = (x: Float32Array) => {
  const meter = createLoudnessMeter(SR);
  meter.add(x);
  return meter.integrated()!;
};
/** dB of [lo, hi) relative to the 500 Hz–1 kHz band: the colour, whatever the level. */
const balance = (x: Float32Array, lo: number, hi: number) => bandLevel(x, SR, lo, hi) - bandLevel(x, SR, 500, 1000);

describe('every catalogue voice, on the same clip', () => {
  const catalogue = [...VOICES, ...PRIVATE_VOICES];
  const results = new Map<string, { full: Float32Array; bare: Float32Array; pitched: Float32Array }>();
  /** A ring modulator or a growl leaves no single F0 to measure: their pitch is measured without them. */
  const unpitched = (preset: VoicePreset) => Boolean(preset.timbre.ring_mod_hz || preset.timbre.roughness);
  const clipF0 = median(voiceClip);

  beforeAll(async () => {
    await Promise.all(
      catalogue.map(async (voice) => {
        // The same voice without its colouring (tilt, brightness, EQ); its breath, roughness and ring kept.
        const bare: VoicePreset = {
          ...voice.preset,
          timbre: { ...voice.preset.timbre, tilt_db_per_octave: 0, brightness: 0.5, eq: [] },
        };
        const [full, plain, pitched] = await Promise.all([
          convert({ preset: voice.preset, semitones: 0 }, voiceClip),
          convert({ preset: bare, semitones: 0 }, voiceClip),
          unpitched(voice.preset)
            ? convert({ preset: { ...voice.preset, timbre: NEUTRAL_VOICE.timbre }, semitones: 0 }, voiceClip)
            : null,
        ]);
        results.set(voice.slug, { full, bare: plain, pitched: pitched ?? plain });
      }),
    );
  }, 600_000);

  it('moves each voice’s median pitch by its offset', () => {
    for (const voice of catalogue) {
      const shift = semitonesBetween(clipF0, median(results.get(voice.slug)!.pitched));
      expect(Math.abs(shift - voice.preset.pitch_offset_semitones), voice.name).toBeLessThan(0.6);
    }
  }, 120_000);

  it('colours each voice’s long-term spectrum as its tilt, brightness and EQ bands declare', () => {
    // Sixth-octave bands from 150 Hz to 12 kHz: what the colouring did (full − bare) against the curve
    // the declared timbre draws, both with their mean removed.
    const edges = SIXTH_OCTAVES.filter((f) => f >= 150 && f <= 12000);
    const centres = edges.slice(0, -1).map((f, i) => Math.sqrt(f * edges[i + 1]!));
    const centred = (v: number[]) => {
      const m = v.reduce((s, x) => s + x, 0) / v.length;
      return v.map((x) => x - m);
    };
    const misses: string[] = [];
    for (const voice of catalogue) {
      const { full, bare } = results.get(voice.slug)!;
      const a = bandLevels(full, SR, edges);
      const b = bandLevels(bare, SR, edges);
      const measured = centred(a.map((x, i) => x - b[i]!));
      const chain = timbreFilters(voice.preset.timbre, SR);
      const declared = centred(centres.map((f) => 20 * Math.log10(chain.magnitudeAt(f, SR))));
      const error = Math.sqrt(measured.reduce((s, m, i) => s + (m - declared[i]!) ** 2, 0) / measured.length);
      const size = Math.sqrt(declared.reduce((s, d) => s + d * d, 0) / declared.length);
      // The engine drew the declared curve within 1.5 dB RMS, or 35 % of a deep one (a growl's shimmer
      // smears it a little), 3 dB under a ring modulator (whose sidebands smear the spectrum); and a clear
      // curve (over 1.5 dB) much better than not at all.
      const limit = voice.preset.timbre.ring_mod_hz ? 3 : Math.max(1.5, 0.35 * size);
      if (error >= limit || (size > 1.5 && error > 0.6 * size)) {
        misses.push(`${voice.name}: ${error.toFixed(2)} dB off a ${size.toFixed(2)} dB curve`);
      }
    }
    expect(misses).toEqual([]);
  }, 120_000);

  it('gives every pair of voices a spectral distance beyond the measurement noise', () => {
    const spectra = catalogue.map((v) => bandLevels(results.get(v.slug)!.full, SR, SIXTH_OCTAVES));
    let closest = { distance: Infinity, pair: '' };
    for (let i = 0; i < catalogue.length; i++) {
      for (let j = i + 1; j < catalogue.length; j++) {
        const distance = spectralDistance(spectra[i]!, spectra[j]!);
        if (distance < closest.distance) {
          closest = { distance, pair: `${catalogue[i]!.name} – ${catalogue[j]!.name}` };
        }
      }
    }
    // 1 dB over sixth-octave bands is about the smallest colour difference a listener notices; the
    // measurement itself is exact (the same clip gives the same samples).
    console.info(`Closest pair of voices: ${closest.pair}, ${closest.distance.toFixed(2)} dB`);
    expect(closest.distance).toBeGreaterThan(1);
  }, 120_000);
});

describe('each declared parameter, turned down and up', () => {
  const base = voicePreset();
  const at = (timbre: Partial<VoicePreset['timbre']>, rest: Partial<Omit<VoicePreset, 'timbre'>> = {}) =>
    convert({ preset: voicePreset({ ...rest, timbre }), semitones: 0 });
  let plain: Float32Array;
  beforeAll(async () => {
    plain = await convert({ preset: base, semitones: 0 });
  });

  it('tilt tips the spectrum: more highs against lows', async () => {
    const [dark, bright] = await Promise.all([at({ tilt_db_per_octave: -2 }), at({ tilt_db_per_octave: 2 })]);
    const tip = (x: Float32Array) => bandLevel(x, SR, 3000, 6000) - bandLevel(x, SR, 200, 400);
    expect(tip(bright) - tip(dark)).toBeGreaterThan(10);
  });

  it('brightness raises the presence region (2–6 kHz)', async () => {
    const [low, high] = await Promise.all([at({ brightness: 0.2 }), at({ brightness: 0.8 })]);
    expect(balance(high, 2500, 5000) - balance(low, 2500, 5000)).toBeGreaterThan(4);
  });

  it('an EQ band lifts or cuts its own band', async () => {
    const [lift, cut] = await Promise.all([
      at({ eq: [{ hz: 1800, gain_db: 6, q: 2 }] }),
      at({ eq: [{ hz: 1800, gain_db: -6, q: 2 }] }),
    ]);
    expect(balance(lift, 1600, 2000) - balance(plain, 1600, 2000)).toBeGreaterThan(3);
    expect(balance(cut, 1600, 2000) - balance(plain, 1600, 2000)).toBeLessThan(-3);
  });

  it('breathiness and roughness lower the harmonics-to-noise ratio', async () => {
    const [breathy, rough] = await Promise.all([at({ breathiness: 0.5 }), at({ roughness: 0.6 })]);
    expect(hnr(plain, SR) - hnr(breathy, SR)).toBeGreaterThan(2);
    expect(hnr(plain, SR) - hnr(rough, SR)).toBeGreaterThan(2);
  });

  it('a ring modulator makes the envelope beat at its carrier', async () => {
    const robot = await at({ ring_mod_hz: 55 });
    expect(envelopeModulation(robot, SR, 55)).toBeGreaterThan(3 * envelopeModulation(plain, SR, 55));
  });

  it('the formant scale moves the spectral envelope up or down at the same pitch', async () => {
    const [larger, smaller] = await Promise.all([at({}, { formant_scale: 0.85 }), at({}, { formant_scale: 1.15 })]);
    expect(spectralCentroid(smaller, SR) / spectralCentroid(larger, SR)).toBeGreaterThan(1.15);
    expect(Math.abs(semitonesBetween(median(larger), median(smaller)))).toBeLessThan(0.3);
  });
});

describe('narration styles in a speech-to-speech conversion', () => {
  const style = (fields: Parameters<typeof stylePreset>[0], extra: Partial<ConvertParams> = {}) =>
    convert({ preset: voicePreset(), semitones: 0, narrationStyle: stylePreset(fields), ...extra });

  it('rate changes the duration and keeps the pitch', async () => {
    const [slow, fast] = await Promise.all([style({ rate: 0.8 }), style({ rate: 1.25 })]);
    expect(slow.length / clip.length).toBeCloseTo(1.25, 2);
    expect(fast.length / clip.length).toBeCloseTo(0.8, 2);
    for (const x of [slow, fast]) expect(Math.abs(semitonesBetween(median(clip), median(x)))).toBeLessThan(0.3);
  });

  it('pitch range widens or narrows the F0 spread around the median, the median kept', async () => {
    const [flat, lively] = await Promise.all([style({ pitch_range: 0.4 }), style({ pitch_range: 1.8 })]);
    const original = spread(clip);
    expect(spread(flat)).toBeLessThan(original * 0.7);
    expect(spread(lively)).toBeGreaterThan(original * 1.3);
    // The median of what the tracker finds voiced: a lively melody loses a few of its peaks to Rubber
    // Band's pitch transitions, so its measured median sits a little low.
    for (const x of [flat, lively]) expect(Math.abs(semitonesBetween(median(clip), median(x)))).toBeLessThan(1.5);
  });

  it('energy expands or compresses the loudness contour', async () => {
    const [even, dynamic] = await Promise.all([style({ energy: 0.6 }), style({ energy: 1.6 })]);
    const original = levelSpread(clip, SR);
    expect(levelSpread(even, SR)).toBeLessThan(original - 1);
    expect(levelSpread(dynamic, SR)).toBeGreaterThan(original + 1);
  });

  it('breathiness adds aspiration noise', async () => {
    const [plain, breathy] = await Promise.all([style({}), style({ breathiness: 0.5 })]);
    expect(hnr(plain, SR) - hnr(breathy, SR)).toBeGreaterThan(2);
  });

  it('pause scale stretches or shortens the silences, and the speech with them stays as it was', async () => {
    const [short, long] = await Promise.all([style({ pause_scale: 0.4 }), style({ pause_scale: 2.5 })]);
    const pauses = pauseSeconds(clip, SR);
    expect(pauseSeconds(short, SR)).toBeLessThan(pauses - 0.1);
    expect(pauseSeconds(long, SR)).toBeGreaterThan(pauses + 0.2);
    expect(short.length).toBeLessThan(clip.length);
    expect(long.length).toBeGreaterThan(clip.length);
    const speech = (x: Float32Array) => x.length / SR - pauseSeconds(x, SR);
    expect(Math.abs(speech(long) - speech(clip))).toBeLessThan(0.1);
  });
});

describe('advanced settings', () => {
  const voice = voicePreset({ pitch_offset_semitones: 5, formant_scale: 1.15 });

  it('normalize brings the integrated loudness to −16 LUFS, peaks under −1 dBFS', async () => {
    // A steady voice (the clip's ±6 dB contour would meet the peak ceiling first).
    const steady = voiceSignal({ seconds: 2, f0: 140, syllables: false, level: 0.1, seed: 3 });
    const x = await convert({ preset: voice, semitones: 0, normalise: true }, steady);
    expect(Math.abs(lufs(x) - TARGET_LOUDNESS_LUFS)).toBeLessThan(0.5);
    expect(Math.max(...x.map(Math.abs))).toBeLessThanOrEqual(10 ** (-1 / 20) + 1e-3);
  });

  it('denormalize gives back the original’s loudness contour that a lively style changed', async () => {
    const energetic = stylePreset({ energy: 1.6 });
    const [changed, restored] = await Promise.all([
      convert({ preset: voice, semitones: 0, narrationStyle: energetic }),
      convert({ preset: voice, semitones: 0, narrationStyle: energetic, denormalise: true }),
    ]);
    const original = levelSpread(clip, SR);
    expect(Math.abs(levelSpread(changed, SR) - original)).toBeGreaterThan(1);
    expect(Math.abs(levelSpread(restored, SR) - original)).toBeLessThan(0.5);
    expect(Math.abs(lufs(restored) - lufs(clip))).toBeLessThan(1);
  });

  it('hft carries the original’s band above 8 kHz into the result', async () => {
    const [without, withHft] = await Promise.all([
      convert({ preset: voice, semitones: 0 }),
      convert({ preset: voice, semitones: 0, hft: true }),
    ]);
    const air = (x: Float32Array) => bandLevel(x, SR, 9000, 16000);
    expect(Math.abs(air(withHft) - air(clip))).toBeLessThan(1);
    expect(Math.abs(air(without) - air(clip))).toBeGreaterThan(Math.abs(air(withHft) - air(clip)) + 1);
  });

  it('emotional scale compresses or expands the F0 contour around the median (0.5 neutral)', async () => {
    const [flat, neutral, lively] = await Promise.all(
      [0, 0.5, 1].map((emotionalScale) => convert({ preset: voice, semitones: 0, emotionalScale })),
    );
    const original = spread(clip);
    expect(Math.abs(spread(neutral!) - original)).toBeLessThan(0.3 * original);
    expect(spread(flat!)).toBeLessThan(original * 0.5);
    expect(spread(lively!)).toBeGreaterThan(original * 1.5);
  });
});
