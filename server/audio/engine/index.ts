export {
  calibratedShift,
  createDspEngine,
  voiceSettings,
  TARGET_LOUDNESS_LUFS,
  type DspEngineOptions,
} from './dsp-engine.ts';
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
  type EnginePreset,
  type EqBand,
  type NarrationStylePreset,
  type SynthesisOptions,
  type SynthesisVoice,
  type TimbrePreset,
} from './types.ts';
