export { ABPlayer, type ABPlayerProps, type ABTrack } from './ABPlayer.tsx';
export { MAX_TRACK_KEYS, swapIndex, switchPosition, trackKeyAction, type TrackKeyAction } from './keyboard.ts';
