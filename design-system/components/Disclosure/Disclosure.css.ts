import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const disclosure = recipe({
  base: { color: vars.color.text },
  variants: {
    /** standalone has its own border; inGroup relies on the Accordion's dividers. */
    variant: {
      standalone: { border: `1px solid ${vars.color.divider}`, borderRadius: vars.radius.md },
      inGroup: {},
    },
  },
  defaultVariants: { variant: 'standalone' },
});

export const heading = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const trigger = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
    '&[data-disabled]': { cursor: 'default', opacity: 0.55 },
  },
  '@media': { '(forced-colors: active)': { color: 'ButtonText' } },
});

export const chevron = style({
  display: 'inline-flex',
  transition: `transform ${vars.motion.normal} ${vars.motion.easing}`,
  selectors: { '[aria-expanded="true"] > &': { transform: 'rotate(180deg)' } },
});

export const panel = style({
  selectors: { '&[data-expanded]': { padding: `0 ${vars.space.md} ${vars.space.md}` } },
});

export type DisclosureVariants = NonNullable<RecipeVariants<typeof disclosure>>;
