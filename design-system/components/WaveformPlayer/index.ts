export {
  WaveformPlayer,
  type PlaybackState,
  type WaveformPlayerHandle,
  type WaveformPlayerProps,
  type WaveformTrack,
} from './WaveformPlayer.tsx';
export {
  audiowaveformFromSamples,
  peaksFromAudiowaveform,
  type AudiowaveformData,
  type WaveformPeaks,
} from './peaks.ts';
export {
  ARROW_STEP_SECONDS,
  MAX_TRACK_KEYS,
  PAGE_STEP_SECONDS,
  seekKeyAction,
  swapIndex,
  switchPosition,
  trackKeyAction,
  type SeekKeyAction,
  type TrackKeyAction,
} from './keyboard.ts';
