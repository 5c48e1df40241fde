import { keyframes } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

const shimmer = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.45 },
  '100%': { opacity: 1 },
});

export const skeleton = recipe({
  base: {
    display: 'block',
    background: vars.color.skeleton,
    animation: `${shimmer} 1.6s ${vars.motion.easing} infinite`,
    // Without motion the placeholder simply stands still.
    '@media': {
      '(prefers-reduced-motion: reduce)': { animation: 'none' },
      '(forced-colors: active)': { border: '1px solid GrayText' },
    },
  },
  variants: {
    shape: {
      text: { height: '1em', borderRadius: vars.radius.sm },
      rect: { borderRadius: vars.radius.md },
      circle: { borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { shape: 'text' },
});

export type SkeletonVariants = NonNullable<RecipeVariants<typeof skeleton>>;
