export {
  calibratedShift,
  createDspEngine,
  voiceSettings,
  TARGET_LOUDNESS_LUFS,
  type DspEngineOptions,
} from './dsp-engine.ts';
export { parseStylePreset, parseVoicePreset, PresetError } from './presets.ts';
export { readLameInfo } from './encode.ts';
export {
  EmptyTextError,
  ENGINE_SAMPLE_RATE,
  UnknownVoiceError,
  type ConversionResult,
  type ConvertInput,
  type ConvertOptions,
  type ConvertParams,
  type Engine,
  NEUTRAL_STYLE,
  NEUTRAL_VOICE,
  type AdvancedSettings,
  type EqBand,
  type StylePreset,
  type SynthesisOptions,
  type SynthesisVoice,
  type VoicePreset,
  type VoiceTimbre,
} from './types.ts';
