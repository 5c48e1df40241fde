/**
 * What the job queue and the API call to turn an original (or a text) into a voice. The built-in engine is
 * signal processing (dsp-engine.ts); a neural engine implements the same interface and nothing that
 * calls it changes.
 */
import type { Audiowaveform, PeaksOptions } from '../peaks.ts';

/** The sample rate of everything the engine writes, and of the PCM it hands over. */
export const ENGINE_SAMPLE_RATE = 48000;

/**
 * What to convert. Encoded audio in any accepted upload format (wav, mp3, ogg/opus, flac, m4a/aac, webm)
 * from a file or a byte stream (a stored object), or PCM already decoded (a synthesiser's output): mono
 * samples −1..1 at `sampleRate`.
 */
export type ConvertInput =
  | { file: string }
  | { bytes: AsyncIterable<Uint8Array> | Iterable<Uint8Array> }
  | { pcm: AsyncIterable<Float32Array> | Iterable<Float32Array>; sampleRate: number };

// ─────────────────────────────────────────── presets ───────────────────────────────────────────
// The one shape of voices.engine_preset and narration_styles.engine_preset: the catalogue writes it, the
// Drizzle schema stores it, the engine reads it (parseVoicePreset / parseStylePreset in presets.ts check
// it). Every field has an audible effect (README.md says which).

/** One peaking EQ band of a voice's colouring: centre, gain and bandwidth (Q). */
export interface EqBand {
  /** Centre frequency, Hz, 20..20000. */
  hz: number;
  /** −24..24 dB. */
  gain_db: number;
  /** 0.1..20. */
  q: number;
}

/**
 * voices.engine_preset.timbre: the colouring applied after the pitch and formant shift.
 */
export interface VoiceTimbre {
  /** Spectral tilt, dB per octave about 1 kHz (negative = darker). −6..6. */
  tilt_db_per_octave: number;
  /** 0..1: the presence region (2–6 kHz), 0.5 neutral; each 0.1 is ±1.2 dB there. */
  brightness: number;
  /** 0..1: aspiration noise (1.5–6 kHz) following the voice's envelope. */
  breathiness: number;
  /** Peaking bands. */
  eq: EqBand[];
  /** 0..1: creatures' growl — a random amplitude flutter (20–70 Hz) and subharmonic; absent = none. */
  roughness?: number;
  /** Robots: a ring modulator's carrier, Hz (1..500), mixed half and half with the voice; absent = none. */
  ring_mod_hz?: number;
}

/** voices.engine_preset. */
export interface VoicePreset {
  /** The voice's own pitch offset, added to the user's semitones. −24..24. */
  pitch_offset_semitones: number;
  /** Formant scale independent of pitch, 0.5..2 (1 = the speaker's own; < 1 larger/darker). */
  formant_scale: number;
  timbre: VoiceTimbre;
}

/**
 * narration_styles.engine_preset: the delivery, for speech-to-speech and TTS alike. BASIC is
 * NEUTRAL_STYLE (every factor 1, no breath).
 */
export interface StylePreset {
  /** Speaking rate, 0.5..2 (1.1 = 10 % faster: the duration divided by 1.1, the pitch kept). */
  rate: number;
  /** F0 spread around the speaker's median, 0..3 (0 monotone, 1 as spoken). */
  pitch_range: number;
  /** Loudness contour around the median level, 0.25..2 (< 1 flatter and quieter, > 1 more dynamic and louder). */
  energy: number;
  /** 0..1, added to the voice's breathiness. */
  breathiness: number;
  /** Pauses (silences of 150 ms and more) stretched or shortened by this, 0.25..4. */
  pause_scale: number;
}

/** A voice that leaves the speaker as they are (no shift, no colouring). */
export const NEUTRAL_VOICE: VoicePreset = {
  pitch_offset_semitones: 0,
  formant_scale: 1,
  timbre: { tilt_db_per_octave: 0, brightness: 0.5, breathiness: 0, eq: [] },
};

export const NEUTRAL_STYLE: StylePreset = { rate: 1, pitch_range: 1, energy: 1, breathiness: 0, pause_scale: 1 };

/** users.data.advanced_settings and each order's params, as the engine reads them. */
export interface AdvancedSettings {
  /** Integrated loudness to TARGET_LOUDNESS_LUFS (−16), peaks below −1 dBFS. */
  normalize?: boolean;
  /** The original's loudness contour restored (ignored with normalize). */
  denormalize?: boolean;
  /** RNNoise before converting. */
  denoise?: boolean;
  /** High-frequency transfer: the original's band above HFT_HZ replaces the result's. */
  hft?: boolean;
  /** 0..1, 0.5 neutral: the F0 contour around the median scaled by 2 × this (0 monotone, 1 twice as lively). */
  emotional_scale?: number;
}

export interface ConvertParams {
  /** The voice (voices.engine_preset): its pitch offset, formant scale and timbre. */
  preset: VoicePreset;
  /** The user's pitch shift, semitones, a multiple of 0.5 in −24..24. */
  semitones: number;
  /**
   * The speaker's calibration: their median F0 (calibrations.profile) and the voice's own median (voices.pitch).
   * With it, the speaker's median is moved onto the voice's (12·log2(voice / speaker)) in place of the voice's
   * fixed offset, so a low and a high speaker both land on the voice; the user's semitones and the narration
   * style still add to it.
   */
  calibration?: { speakerF0Hz: number; voiceF0Hz: number };
  /** The narration style's engine_preset (default NEUTRAL_STYLE). */
  narrationStyle?: StylePreset;
  /** Suppress background noise (RNNoise) before converting. */
  denoise?: boolean;
  /** Bring the result to a standard loudness (−16 LUFS, peaks below −1 dBFS). */
  normalise?: boolean;
  /**
   * Give the result the original's loudness contour back (ignored when `normalise` is set): its level,
   * block by block, follows the original's at the same moment of speech. Without either, the level is left
   * as the conversion makes it and only peaks above −0.9 dBFS are limited softly.
   */
  denormalise?: boolean;
  /** Carry the original's band above 8 kHz (air, sibilance) into the result. */
  hft?: boolean;
  /** 0..1, 0.5 neutral (AdvancedSettings.emotional_scale). */
  emotionalScale?: number;
}

export interface ConvertOptions {
  /** Where the result's files are written (created if missing). Default: a fresh directory under the OS temp dir. */
  outDir?: string;
  /** File name stem of the results. Default 'conversion' (conversion.wav, conversion.mp3). */
  baseName?: string;
  /** After each chunk is finished, in order: 1/N … N/N (process_stage "current/total"). */
  onProgress?: (current: number, total: number) => void;
  signal?: AbortSignal;
  /** Refuse inputs longer than this (TooLongError from ../analyze.ts). */
  maxSeconds?: number;
  peaks?: PeaksOptions;
}

export interface ConversionResult {
  /** 48 kHz 16-bit mono WAV. The caller owns the file (storage.putFile moves it). */
  wavPath: string;
  /** CBR MP3 with a LAME/Info header (gapless: players trim the encoder's delay and padding). */
  mp3Path: string;
  /** Waveform of the result (audiowaveform v2, 8-bit). */
  peaks: Audiowaveform;
  /**
   * Seconds. The original's duration unless the narration style's rate or pause scale changes it (a
   * faster style is shorter).
   */
  duration: number;
  /** Samples of the result. */
  frames: number;
  sampleRate: number;
  /** How many chunks were converted (the N of process_stage). */
  chunks: number;
  /** Where neighbouring chunks meet, in samples of the result (the middles of their crossfades). */
  seams: number[];
  /** How far (samples) each incoming chunk was slid to match the outgoing one at its seam, within ±480. */
  slides: number[];
  /** The pitch shift applied: voice offset (or the calibrated shift) + narration style + user semitones. */
  semitones: number;
  /** Integrated loudness (LUFS) of the decoded input and of the result as written; null for silence. */
  inputLoudness: number | null;
  outputLoudness: number | null;
  /** Where the time went, ms: decoding, converting the chunks, writing the files (overlaps converting without normalise). */
  timings: { decodeMs: number; convertMs: number; finishMs: number; totalMs: number };
}

/**
 * A synthesiser voice: eSpeak-NG's voice name or language ('en-us', 'en-gb-x-rp', 'de', 'fr-fr', 'es-419'),
 * an accent locale ('fr-FR', 'de-AT': the language's voice, or the language without its region), optionally
 * with one variant ('en-us+f3', 'de+m2').
 */
export interface SynthesisVoice {
  engineVoice: string;
  /** Speaking rate relative to normal (1 = 175 words per minute), 0.5..2. */
  rate?: number;
  /** Intonation range relative to normal, 0..2. */
  pitchRange?: number;
}

export interface SynthesisOptions {
  signal?: AbortSignal;
}

export interface Engine {
  /** Identifies the engine in logs and stored results ('dsp-r3'). */
  readonly name: string;
  /**
   * Converts a recording into a voice: decode → 48 kHz mono → optional denoise → per-chunk pitch and
   * formant shift and spectral colouring → seamless stitching → loudness → WAV + MP3 + peaks. Rejects with
   * the signal's reason (an AbortError) when aborted, with NotAudioError / TooLongError for bad input,
   * with RangeError for bad parameters.
   */
  convert(input: ConvertInput, params: ConvertParams, options?: ConvertOptions): Promise<ConversionResult>;
  /** Speech for `text` as 48 kHz mono PCM, piece by piece as it is synthesised. */
  synthesise(text: string, voice: SynthesisVoice, options?: SynthesisOptions): AsyncIterable<Float32Array>;
  /** synthesise, then convert into the voice; the narration style's rate and pitch range shape the speech. */
  textToSpeech(
    text: string,
    voice: SynthesisVoice,
    params: ConvertParams,
    options?: ConvertOptions,
  ): Promise<ConversionResult>;
  /** Stops the engine's workers. */
  close(): Promise<void>;
}

/** The synthesiser has no voice by that name or language. */
export class UnknownVoiceError extends Error {
  readonly voice: string;
  constructor(voice: string) {
    super(`The synthesiser has no voice "${voice}"`);
    this.voice = voice;
  }
}

/** The text gives the synthesiser nothing to say. */
export class EmptyTextError extends Error {
  constructor() {
    super('There is no text to speak');
  }
}
