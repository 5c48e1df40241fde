export { Text, type TextProps } from './Text.tsx';
export { TONE_COLORS, type Tone } from './tone.ts';
