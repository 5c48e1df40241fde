import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

// Inverted colours: the page's text colour as the background keeps the contrast the theme checks.
export const tooltip = recipe({
  base: {
    zIndex: vars.zIndex.popover,
    maxWidth: '18rem',
    padding: `${vars.space.xs} ${vars.space.sm}`,
    borderRadius: vars.radius.sm,
    background: vars.color.text,
    color: vars.color.background,
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.normal,
    boxShadow: vars.shadow.sm,
    selectors: {
      '&[data-entering]': { animation: `${appear} ${vars.motion.fast} ${vars.motion.easing}` },
      '&[data-exiting]': { animation: `${appear} ${vars.motion.fast} ${vars.motion.easing} reverse` },
    },
    '@media': { '(forced-colors: active)': { border: '1px solid CanvasText' } },
  },
  variants: {
    size: {
      sm: {},
      md: { padding: `${vars.space.sm} ${vars.space.md}`, fontSize: vars.fontSize.md },
    },
  },
  defaultVariants: { size: 'sm' },
});

export const arrow = style({
  display: 'block',
  fill: vars.color.text,
  selectors: {
    '[data-placement="bottom"] &': { transform: 'rotate(180deg)' },
    '[data-placement="left"] &': { transform: 'rotate(-90deg)' },
    '[data-placement="right"] &': { transform: 'rotate(90deg)' },
  },
});

export type TooltipVariants = NonNullable<RecipeVariants<typeof tooltip>>;
