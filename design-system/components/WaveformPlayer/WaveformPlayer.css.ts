import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';

// On a narrow screen (a phone at 320px) the time wraps under the waveform rather than push the page wide.
export const player = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  minWidth: 0,
  color: vars.color.text,
});

export { control, controls } from '../private/player-controls.css.ts';

const shimmer = keyframes({ '0%': { opacity: 0.6 }, '50%': { opacity: 1 }, '100%': { opacity: 0.6 } });

/** The waveform with the seek slider laid over it; focus on the slider rings the whole box. */
export const wave = style({
  position: 'relative',
  flex: '1 1 8rem',
  minWidth: '8rem',
  borderRadius: vars.radius.sm,
  selectors: {
    '&:has([data-focus-visible])': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[data-loading]': {
      background: vars.color.skeleton,
      animation: `${shimmer} 1.5s ${vars.motion.easing} infinite`,
    },
  },
  '@media': {
    '(forced-colors: active)': { border: '1px solid CanvasText' },
    '(prefers-reduced-motion: reduce)': { selectors: { '&[data-loading]': { animation: 'none' } } },
  },
});

export const canvas = style({ position: 'absolute', inset: 0 });

export const slider = style({ position: 'absolute', inset: 0 });

export const track = style({
  position: 'absolute',
  inset: 0,
  cursor: 'pointer',
  selectors: { '[data-disabled] &': { cursor: 'default' } },
});

// The playhead is drawn by wavesurfer's cursor; the thumb only carries focus and the native input.
export const thumb = style({ top: '50%', width: '2px', height: '100%', outline: 'none' });

export const time = style({
  flexShrink: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });
