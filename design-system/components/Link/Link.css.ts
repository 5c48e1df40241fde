import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const link = recipe({
  base: {
    color: vars.color.accent,
    textDecoration: 'underline',
    textUnderlineOffset: '0.2em',
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    outline: 'none',
    transition: `color ${vars.motion.fast}`,
    selectors: {
      '&[data-hovered]': { color: vars.color.accentHover, textDecorationThickness: '2px' },
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-disabled]': { cursor: 'default', color: vars.color.textMuted, textDecoration: 'none' },
      '&[aria-current]': { color: vars.color.text, textDecoration: 'none', fontWeight: vars.fontWeight.medium },
    },
    '@media': { '(forced-colors: active)': { color: 'LinkText' } },
  },
  variants: {
    /** inline sits in running text; standalone stands alone (footers, menus) and drops the underline until hover. */
    variant: {
      inline: {},
      standalone: {
        textDecoration: 'none',
        fontWeight: vars.fontWeight.medium,
        selectors: { '&[data-hovered]': { textDecoration: 'underline' } },
      },
    },
  },
  defaultVariants: { variant: 'inline' },
});

/** Keeps the new-tab icon on the line of the word before it. */
export const externalIcon = style({
  display: 'inline-flex',
  marginInlineStart: vars.space.xxs,
  verticalAlign: 'middle',
});

export type LinkVariants = NonNullable<RecipeVariants<typeof link>>;
