import type { ColorScheme } from '../../theme/tokens.ts';

/** What a text says by its colour, mapped to the theme's text colours (each ≥ 4.5:1 on the page). */
export const TONE_COLORS = {
  neutral: 'text',
  muted: 'textMuted',
  critical: 'danger',
  positive: 'success',
  caution: 'warning',
  info: 'info',
  accent: 'accent',
} as const satisfies Record<string, keyof ColorScheme>;

export type Tone = keyof typeof TONE_COLORS;
