export {
  analyzeAudio,
  createAudioAnalyzer,
  NotAudioError,
  TooLongError,
  type AnalysisResult,
  type AnalyzerOptions,
  type AudioAnalyzer,
  type AudioInfo,
} from './analyze.ts';
export { AUDIO_FORMATS, detectFormat, NOT_AUDIO_MESSAGE, type AudioFormat } from './formats.ts';
export { computePeaks, createPeaksBuilder, type Audiowaveform, type PeaksBuilder, type PeaksOptions } from './peaks.ts';
export {
  createVoiceAnalyzer,
  NoVoiceError,
  suggestSemitones,
  SEMITONES_MAX,
  SEMITONES_MIN,
  SEMITONES_STEP,
  type VoiceAnalyzer,
  type VoiceProfile,
} from './pitch.ts';
