import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'none' },
});

export const popover = recipe({
  base: {
    zIndex: vars.zIndex.popover,
    minWidth: 'var(--trigger-width)',
    maxWidth: 'min(24rem, calc(100vw - 16px))',
    overflow: 'auto',
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.md,
    outline: 'none',
    selectors: {
      '&[data-entering]': { animation: `${appear} ${vars.motion.fast} ${vars.motion.easing}` },
      '&[data-exiting]': { animation: `${appear} ${vars.motion.fast} ${vars.motion.easing} reverse` },
    },
    '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
  },
  variants: {
    /** menu: a list of items, padded less. dialog: free content. */
    kind: {
      dialog: {},
      menu: { padding: vars.space.xs },
    },
  },
  defaultVariants: { kind: 'dialog' },
});

export const arrow = style({
  display: 'block',
  fill: vars.color.surfaceRaised,
  stroke: vars.color.border,
  strokeWidth: 1,
  selectors: {
    '[data-placement="bottom"] &': { transform: 'rotate(180deg)' },
    '[data-placement="left"] &': { transform: 'rotate(-90deg)' },
    '[data-placement="right"] &': { transform: 'rotate(90deg)' },
  },
});

export type PopoverVariants = NonNullable<RecipeVariants<typeof popover>>;
