/** The pitch slider's range and step (openapi Semitones). */
export const SEMITONES_MIN = -24;
export const SEMITONES_MAX = 24;
export const SEMITONES_STEP = 0.5;

/** What the voice settings dialog suggests from the user's calibration. */
export interface PitchSuggestion {
  /** How far the voice's median pitch is from the speaker's, in semitones (positive: the voice is higher). */
  difference: number;
  /** The pitch shift to apply: the difference less the voice's own offset, on the slider's step and range. */
  semitones: number;
}

const positive = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** `value` on the slider: halves away from zero, kept within −24..24, never −0. */
export function snapSemitones(value: number): number {
  const steps = value / SEMITONES_STEP;
  const rounded = Math.sign(steps) * Math.round(Math.abs(steps)) * SEMITONES_STEP;
  const clamped = Math.min(SEMITONES_MAX, Math.max(SEMITONES_MIN, rounded));
  return clamped === 0 ? 0 : clamped;
}

/**
 * The pitch shift that brings a speaker whose calibration measured `calibrationF0Hz` onto a voice whose median
 * pitch is `voicePitchHz`, when the voice already shifts by its own `voiceOffsetSemitones` (what a conversion
 * without the calibration applies before the user's semitones): 12·log2(voice / speaker) − offset, snapped to the
 * slider (server/audio/pitch.ts suggestSemitones is the same rule without the offset). Null when there is nothing
 * to suggest from: no measured speaker or voice pitch.
 */
export function suggestPitchShift(
  calibrationF0Hz: number | null | undefined,
  voicePitchHz: number | null | undefined,
  voiceOffsetSemitones = 0,
): PitchSuggestion | null {
  if (!positive(calibrationF0Hz) || !positive(voicePitchHz)) return null;
  const exact = 12 * Math.log2(voicePitchHz / calibrationF0Hz);
  const offset = Number.isFinite(voiceOffsetSemitones) ? voiceOffsetSemitones : 0;
  return { difference: snapSemitones(exact), semitones: snapSemitones(exact - offset) };
}
