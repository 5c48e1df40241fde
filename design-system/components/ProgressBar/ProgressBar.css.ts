import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: '100%',
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});

export const header = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });

export const label = style({ fontWeight: vars.fontWeight.medium });

export const valueText = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' });

export const track = recipe({
  base: {
    position: 'relative',
    overflow: 'hidden',
    borderRadius: vars.radius.full,
    background: vars.color.surface,
    // The border keeps the track's extent visible (≥ 3:1) whatever the fill.
    border: `1px solid ${vars.color.border}`,
    '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
  },
  variants: {
    size: {
      sm: { height: '6px' },
      md: { height: '10px' },
    },
  },
  defaultVariants: { size: 'md' },
});

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const fill = style({
  height: '100%',
  background: vars.color.accent,
  transition: `width ${vars.motion.normal} ${vars.motion.easing}`,
  selectors: {
    [`${root}:not([aria-valuenow]) &`]: {
      width: '40%',
      animation: `${slide} 1.4s ${vars.motion.easing} infinite`,
    },
  },
  '@media': {
    '(forced-colors: active)': { background: 'Highlight' },
    // Without motion an indeterminate bar is a steady, half-strength full track: busy, with no amount.
    '(prefers-reduced-motion: reduce)': {
      selectors: {
        [`${root}:not([aria-valuenow]) &`]: { animation: 'none', width: '100%', opacity: 0.5 },
      },
    },
  },
});

export type ProgressBarVariants = NonNullable<RecipeVariants<typeof track>>;
