import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const breadcrumbs = recipe({
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space.xs,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.sm },
      md: { fontSize: vars.fontSize.md },
    },
  },
  defaultVariants: { size: 'md' },
});

export const breadcrumb = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const link = style({
  color: vars.color.accent,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  borderRadius: vars.radius.sm,
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { color: vars.color.accentHover },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-current]': { color: vars.color.text, textDecoration: 'none', cursor: 'default' },
  },
  '@media': { '(forced-colors: active)': { color: 'LinkText' } },
});

export const separator = style({ display: 'inline-flex', color: vars.color.textMuted });

export type BreadcrumbsVariants = NonNullable<RecipeVariants<typeof breadcrumbs>>;
