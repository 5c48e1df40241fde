import { describe, expect, it } from 'vitest';
import { createMp3Encoder } from 'wasm-media-encoders';
import { pcmWav, syntheticVoice, type SyntheticVoice } from '../../tests/support/audio.ts';
import { analyzeAudio } from './analyze.ts';
import {
  createVoiceAnalyzer,
  NoVoiceError,
  quantile,
  suggestSemitones,
  type VoiceAnalyzerOptions,
  type VoiceProfile,
} from './pitch.ts';

/** Feeds samples in chunks of `chunk` frames, as a decoder hands them over. */
function profileOf(channels: Float32Array[], sampleRate: number, chunk = 4096, options?: VoiceAnalyzerOptions) {
  const analyzer = createVoiceAnalyzer(options);
  for (let i = 0; i < channels[0]!.length; i += chunk) {
    analyzer.add(
      channels.map((c) => c.subarray(i, i + chunk)),
      sampleRate,
    );
  }
  return analyzer.finish();
}

const voice = (v: SyntheticVoice) => syntheticVoice(v);
const db = (rms: number) => 20 * Math.log10(rms);

function expectPitch(profile: VoiceProfile, f0: number, tolerance = 0.03) {
  expect(profile.f0_median_hz).toBeGreaterThan(f0 * (1 - tolerance));
  expect(profile.f0_median_hz).toBeLessThan(f0 * (1 + tolerance));
}

describe('createVoiceAnalyzer', () => {
  it.each([120, 220])('finds the median pitch of a %d Hz voice with vibrato over noise (35 s at 16 kHz)', (f0) => {
    const profile = profileOf([voice({ seconds: 35, f0, level: 0.1, noise: 0.003 })], 16000);
    expectPitch(profile, f0);
    // ±2 % vibrato: the 10th and 90th percentiles sit inside it, on either side of the median.
    expect(profile.f0_p10_hz).toBeGreaterThan(f0 * 0.975);
    expect(profile.f0_p10_hz).toBeLessThan(f0 * 0.995);
    expect(profile.f0_p90_hz).toBeGreaterThan(f0 * 1.005);
    expect(profile.f0_p90_hz).toBeLessThan(f0 * 1.025);
    // The voice sounds at −20 dBFS; the noise under it is about −50 dBFS.
    expect(Math.abs(profile.loudness_dbfs - db(0.1))).toBeLessThan(1.5);
    expect(Math.abs(profile.noise_floor_dbfs - db(0.003))).toBeLessThan(3);
    // Syllables take about two thirds of the time; the gaps and breaths are not voiced.
    expect(profile.voiced_seconds).toBeGreaterThan(35 * 0.5);
    expect(profile.voiced_seconds).toBeLessThan(35 * 0.8);
    expect(profile.analyzed_seconds).toBe(35);
  });

  it.each([
    [85, 16000, 1],
    [165, 44100, 2],
    [310, 48000, 1],
    [420, 22050, 1],
  ] as const)('is right from a deep %d Hz voice to a child’s, at %d Hz with %d channel(s)', (f0, sampleRate, n) => {
    const mono = voice({ seconds: 12, f0, sampleRate, seed: f0 });
    const channels = n === 1 ? [mono] : [mono, mono.map((s) => s * 0.5)];
    expectPitch(profileOf(channels, sampleRate), f0, 0.015);
  });

  it('hears the pitch of a voice whose fundamental is missing (telephone band), not an octave up', () => {
    const profile = profileOf([voice({ seconds: 12, f0: 110, missingFundamental: true })], 16000);
    expectPitch(profile, 110);
  });

  it('gives the same profile whatever the chunk size', () => {
    const samples = voice({ seconds: 8, f0: 180 });
    const whole = profileOf([samples], 16000, samples.length);
    expect(profileOf([samples], 16000, 333)).toEqual(whole);
    expect(profileOf([samples], 16000, 1)).toEqual(whole);
  });

  it('refuses noise, hum below the gate and silence: no voice to profile', () => {
    const noise = voice({ seconds: 10, f0: 150, level: 0, noise: 0.05 });
    expect(() => profileOf([noise], 16000)).toThrow(NoVoiceError);
    expect(() => profileOf([new Float32Array(16000 * 10)], 16000)).toThrow(
      /No clear voice found in the recording: at least 3 seconds of speech are needed \(found 0\.0 s\)/,
    );
    // A perfectly periodic but very quiet tone (−70 dBFS) is hum, not a voice.
    const hum = voice({ seconds: 10, f0: 100, level: 0.0003, noise: 0 });
    expect(() => profileOf([hum], 16000)).toThrow(NoVoiceError);
  });

  it('refuses a voice heard for less than 3 seconds', () => {
    const short = voice({ seconds: 3, f0: 150 });
    expect(() => profileOf([short], 16000)).toThrow(NoVoiceError);
  });

  it('stops taking samples at maxSeconds and says it is full', () => {
    const analyzer = createVoiceAnalyzer({ maxSeconds: 10 });
    const samples = voice({ seconds: 14, f0: 130 });
    for (let i = 0; i < samples.length && !analyzer.full; i += 16000)
      analyzer.add([samples.subarray(i, i + 16000)], 16000);
    expect(analyzer.full).toBe(true);
    expect(analyzer.seconds).toBe(10);
    const profile = analyzer.finish();
    expect(profile.analyzed_seconds).toBe(10);
    expectPitch(profile, 130);
  });

  it('adds several sources (auto calibration from several originals), each at its own rate', () => {
    const analyzer = createVoiceAnalyzer();
    analyzer.add([voice({ seconds: 6, f0: 140, sampleRate: 48000, seed: 2 })], 48000);
    analyzer.endSource();
    analyzer.add([voice({ seconds: 6, f0: 140, sampleRate: 16000, seed: 3 })], 16000);
    analyzer.endSource();
    analyzer.add([voice({ seconds: 6, f0: 140, sampleRate: 16000, seed: 4 })], 16000);
    const profile = analyzer.finish();
    expect(profile.analyzed_seconds).toBe(18);
    expectPitch(profile, 140, 0.015);
  });

  it('profiles what the decoder hands over (analyzeAudio onAudio), from a WAV and from an MP3', async () => {
    const samples = voice({ seconds: 10, f0: 200, sampleRate: 48000 });
    const wav = pcmWav([samples], 48000);
    const fromWav = createVoiceAnalyzer();
    const { info } = await analyzeAudio([wav.subarray(0, 5000), wav.subarray(5000)], {
      onAudio: (channels, rate) => fromWav.add(channels, rate),
    });
    expect(info.duration).toBe(10);
    expectPitch(fromWav.finish(), 200, 0.01);

    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate: 48000, channels: 1, bitrate: 64 } as Parameters<typeof encoder.configure>[0]);
    const mp3 = Buffer.concat([Buffer.from(encoder.encode([samples])), Buffer.from(encoder.finalize())]);
    const fromMp3 = createVoiceAnalyzer();
    await analyzeAudio([mp3], { onAudio: (channels, rate) => fromMp3.add(channels, rate) });
    expectPitch(fromMp3.finish(), 200, 0.01);
  });
});

describe('quantile', () => {
  it('interpolates between neighbours', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([10], 0.9)).toBe(10);
    expect(quantile([0, 10], 0.1)).toBe(1);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('suggestSemitones', () => {
  it('is 12·log2 of the voice’s pitch over the speaker’s', () => {
    expect(suggestSemitones(120, 240)).toBe(12);
    expect(suggestSemitones(220, 110)).toBe(-12);
    // A fifth up is 7.02 semitones.
    expect(suggestSemitones(100, 150)).toBe(7);
  });

  it('rounds to the slider’s 0.5 step, the same both ways, and never answers −0', () => {
    // 12·log2(127/120) = 0.981 → 1; 12·log2(123.5/120) = 0.498 → 0.5; 12·log2(121/120) = 0.144 → 0.
    expect(suggestSemitones(120, 127)).toBe(1);
    expect(suggestSemitones(120, 123.5)).toBe(0.5);
    expect(suggestSemitones(120, 121)).toBe(0);
    expect(Object.is(suggestSemitones(121, 120), 0)).toBe(true);
    // From the voice back to the speaker is the same shift the other way.
    for (let speaker = 70; speaker < 400; speaker += 7.3) {
      for (let pitch = 60; pitch < 600; pitch += 11.9) {
        const there = suggestSemitones(speaker, pitch);
        expect(there * 2).toBe(Math.round(there * 2));
        const exact = Math.max(-24, Math.min(24, 12 * Math.log2(pitch / speaker)));
        expect(Math.abs(there - exact)).toBeLessThanOrEqual(0.25 + 1e-9);
        expect(suggestSemitones(pitch, speaker)).toBe(there === 0 ? 0 : -there);
      }
    }
  });

  it('keeps within the slider’s −24..24', () => {
    expect(suggestSemitones(50, 1000)).toBe(24);
    expect(suggestSemitones(1000, 50)).toBe(-24);
    expect(suggestSemitones(100, 400)).toBe(24);
  });

  it('refuses pitches that are not positive numbers', () => {
    expect(() => suggestSemitones(0, 120)).toThrow(RangeError);
    expect(() => suggestSemitones(120, -1)).toThrow(RangeError);
    expect(() => suggestSemitones(Number.NaN, 120)).toThrow(RangeError);
    expect(() => suggestSemitones(120, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
