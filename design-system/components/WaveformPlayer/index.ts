export { WaveformPlayer, type PlaybackState, type WaveformPlayerProps } from './WaveformPlayer.tsx';
export {
  audiowaveformFromSamples,
  peaksFromAudiowaveform,
  type AudiowaveformData,
  type WaveformPeaks,
} from './peaks.ts';
export { ARROW_STEP_SECONDS, PAGE_STEP_SECONDS, seekKeyAction, type SeekKeyAction } from './keyboard.ts';
