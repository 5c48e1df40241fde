import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinner = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.sm,
    color: vars.color.accent,
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.sm },
      md: { fontSize: vars.fontSize.md },
      lg: { fontSize: vars.fontSize.lg },
    },
  },
  defaultVariants: { size: 'md' },
});

export const svg = recipe({
  base: {
    flexShrink: 0,
    animation: `${spin} 0.9s linear infinite`,
    '@media': {
      // Without motion the ring stands still, three-quarters drawn.
      '(prefers-reduced-motion: reduce)': { animation: 'none' },
    },
  },
  variants: {
    size: {
      sm: { width: '16px', height: '16px' },
      md: { width: '24px', height: '24px' },
      lg: { width: '40px', height: '40px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export const track = style({
  stroke: vars.color.divider,
  '@media': { '(forced-colors: active)': { stroke: 'GrayText' } },
});

export const arc = style({
  stroke: 'currentColor',
  '@media': { '(forced-colors: active)': { stroke: 'CanvasText' } },
});

export const visibleLabel = style({ color: vars.color.text });

export type SpinnerVariants = NonNullable<RecipeVariants<typeof spinner>>;
