/**
 * What the job queue and the API call to turn an original (or a text) into a voice. The built-in engine is
 * signal processing (dsp-engine.ts); a neural engine implements the same interface and nothing that
 * calls it changes.
 */
import type { EnginePreset, JsonValue } from '../../db/schema.ts';
import type { Audiowaveform, PeaksOptions } from '../peaks.ts';

export type { EnginePreset };

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

/**
 * narration_styles.engine_preset as the engine reads it; every key is optional and BASIC is `{}`.
 * `pitch_semitones` and `brightness_db` apply to every conversion; `rate` and `pitch_range` are prosody
 * and apply where prosody is made (TTS): a recording keeps the speaker's own timing, so its duration
 * always equals the original's.
 */
export interface NarrationStylePreset {
  /** Added to the voice's offset and the user's semitones. */
  pitch_semitones?: number;
  /** Extra high-shelf gain, dB (a brighter, more "presenting" delivery when positive). */
  brightness_db?: number;
  /** TTS speaking rate relative to the synthesiser's normal rate (1 = normal, 0.5..2). */
  rate?: number;
  /** TTS intonation range relative to normal (0 = monotone, 1 = normal, 2 = very lively). */
  pitch_range?: number;
}

/**
 * The `timbre` object of voices.engine_preset, as the DSP engine reads it. Unknown keys are ignored so a
 * neural engine can keep its own settings beside these.
 */
export interface TimbrePreset {
  /** Spectral tilt, dB per octave about 1 kHz (negative = darker, positive = brighter). −6..6. */
  tilt_db_per_octave?: number;
  /** High shelf at 3.5 kHz, dB. */
  brightness_db?: number;
  /** Low shelf at 200 Hz, dB (body, chest). */
  warmth_db?: number;
  /** Peak at 2.5 kHz (Q 1), dB: the "presence" band. */
  presence_db?: number;
  /** Aspiration noise that follows the voice's envelope, 0..1 (0.1 is a breathy voice). */
  breathiness?: number;
  /** Band limits, Hz (a telephone voice is 300..3400). */
  highpass_hz?: number;
  lowpass_hz?: number;
  /** Further bands. */
  eq?: EqBand[];
}

export interface EqBand {
  type: 'peak' | 'lowshelf' | 'highshelf' | 'lowpass' | 'highpass';
  freq: number;
  gain_db?: number;
  q?: number;
}

export interface ConvertParams {
  /** The voice (voices.engine_preset): its pitch offset, formant scale and timbre. */
  preset: EnginePreset;
  /** The user's pitch shift, semitones, a multiple of 0.5 in −24..24. */
  semitones: number;
  /**
   * The speaker's calibration: their median F0 (calibrations.profile) and the voice's own median (voices.pitch).
   * With it, the speaker's median is moved onto the voice's (12·log2(voice / speaker)) in place of the voice's
   * fixed offset, so a low and a high speaker both land on the voice; the user's semitones and the narration
   * style still add to it.
   */
  calibration?: { speakerF0Hz: number; voiceF0Hz: number };
  /** The narration style's engine_preset (BASIC: `{}` or undefined). */
  narrationStyle?: NarrationStylePreset | { [key: string]: JsonValue };
  /** Suppress background noise (RNNoise) before converting. */
  denoise?: boolean;
  /** Bring the result to a standard loudness (−16 LUFS, peaks below −1 dBFS). */
  normalise?: boolean;
  /**
   * Give the result the original's loudness back (ignored when `normalise` is set). Without either, the
   * level is left as the conversion makes it and only peaks above −0.9 dBFS are limited softly.
   */
  denormalise?: boolean;
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
  /** Seconds; equals the original's duration. */
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
