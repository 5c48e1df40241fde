import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { field } from '../private/field/field.css.ts';

export const slider = recipe({ base: [field, { width: '100%', maxWidth: '480px' }] });

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const output = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});

/** The visible 4px rail, centred in its 44px box: the track's and the fill's ::before. */
const rail = {
  content: '""',
  position: 'absolute',
  insetInline: 0,
  top: '50%',
  height: '4px',
  transform: 'translateY(-50%)',
  borderRadius: vars.radius.full,
} as const;

/** The track is 44px tall (the touch target); the visible rail is drawn by its ::before. */
export const track = style({
  position: 'relative',
  height: '44px',
  width: '100%',
  cursor: 'pointer',
  selectors: {
    '&::before': { ...rail, background: vars.color.border },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.55 },
  },
  '@media': { '(forced-colors: active)': { selectors: { '&::before': { background: 'ButtonText' } } } },
});

/**
 * React Aria sizes the fill inline (the track's full 44px height, from the start to the thumb): the element
 * stays a transparent box and its ::before draws the 4px coloured rail, centred like the track's.
 */
export const fill = style({
  selectors: {
    '&::before': { ...rail, background: vars.color.accent },
  },
  '@media': {
    '(forced-colors: active)': {
      selectors: { '&::before': { background: 'Highlight', forcedColorAdjust: 'none' } },
    },
  },
});

export const thumb = style({
  top: '50%',
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.background}`,
  background: vars.color.accent,
  boxShadow: vars.shadow.sm,
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&[data-dragging]': { background: vars.color.accentHover },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  '@media': { '(forced-colors: active)': { background: 'ButtonText', forcedColorAdjust: 'none' } },
});
