import { globalStyle, style } from '@vanilla-extract/css';
import type { RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const player = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  color: vars.color.text,
});

export const transport = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, minWidth: 0 });

import type { control } from '../private/player-controls.css.ts';

export { control, controls } from '../private/player-controls.css.ts';

export type ControlVariants = NonNullable<RecipeVariants<typeof control>>;

export const slider = style({ flex: 1, minWidth: '8rem' });

/** 44px tall (the touch target); the visible rail is its ::before. */
export const track = style({
  position: 'relative',
  height: '44px',
  width: '100%',
  cursor: 'pointer',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      top: '50%',
      height: '4px',
      transform: 'translateY(-50%)',
      borderRadius: vars.radius.full,
      background: vars.color.border,
    },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
  },
  '@media': { '(forced-colors: active)': { selectors: { '&::before': { background: 'ButtonText' } } } },
});

/** React Aria sizes the fill inline to the track's full height; the visible bar is its ::before. */
export const fill = style({
  pointerEvents: 'none',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInline: 0,
      top: '50%',
      height: '4px',
      transform: 'translateY(-50%)',
      borderRadius: vars.radius.full,
      background: vars.color.accent,
    },
  },
  '@media': {
    '(forced-colors: active)': {
      selectors: { '&::before': { background: 'Highlight', forcedColorAdjust: 'none' } },
    },
  },
});

export const thumb = style({
  top: '50%',
  width: '18px',
  height: '18px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.background}`,
  background: vars.color.accent,
  boxShadow: vars.shadow.sm,
  selectors: {
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  '@media': { '(forced-colors: active)': { background: 'ButtonText', forcedColorAdjust: 'none' } },
});

export const time = style({
  flexShrink: 0,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  fontVariantNumeric: 'tabular-nums',
});

/** The key hint under the track choice; its keys are drawn as keycaps. */
export const hint = style({});

// vanilla-extract's `selectors` only target the element itself, so the <kbd> inside needs a global style.
globalStyle(`${hint} kbd`, {
  display: 'inline-block',
  minWidth: '1.5em',
  paddingInline: vars.space.xxs,
  border: `1px solid ${vars.color.border}`,
  borderBottomWidth: '2px',
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: '0.9em',
  lineHeight: vars.lineHeight.normal,
  textAlign: 'center',
});

export const error = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.danger });
