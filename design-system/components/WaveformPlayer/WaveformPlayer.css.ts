import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';

// On a narrow screen (a phone at 320px) the time wraps under the waveform rather than push the page wide.
export const player = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
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

/** The track switcher takes its own line above the transport. */
export const switcher = style({
  flexBasis: '100%',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
});

/** "Original | Ava | Marcus": a segmented control that wraps on a narrow screen rather than push it wide. */
export const segments = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xxs,
  padding: vars.space.xxs,
  minWidth: 0,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.divider}`,
});

export const segment = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '26px',
  maxWidth: '100%',
  paddingInline: vars.space.sm,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.textMuted,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-selected]': { background: vars.color.primary, color: vars.color.onPrimary },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.disabledText, textDecoration: 'line-through' },
  },
  '@media': {
    '(forced-colors: active)': {
      selectors: {
        '&[data-selected]': { background: 'Highlight', color: 'HighlightText', forcedColorAdjust: 'none' },
        '&[data-disabled]': { color: 'GrayText' },
      },
    },
  },
});

/** The "Keys" hint's trigger: small, beside the switcher. */
export const keysButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '26px',
  height: '26px',
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'help',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});
