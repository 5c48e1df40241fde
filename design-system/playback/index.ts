export { registerExclusivePlayback } from './exclusive-playback.ts';
