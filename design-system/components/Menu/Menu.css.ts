import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const menu = style({
  display: 'flex',
  flexDirection: 'column',
  minWidth: '12rem',
  maxHeight: 'inherit',
  overflow: 'auto',
  outline: 'none',
});

export const menuItem = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: 'auto auto 1fr auto',
    alignItems: 'center',
    gap: vars.space.sm,
    minHeight: '44px',
    padding: `${vars.space.xs} ${vars.space.md}`,
    borderRadius: vars.radius.sm,
    color: vars.color.text,
    cursor: 'pointer',
    outline: 'none',
    textDecoration: 'none',
    selectors: {
      '&[data-focused]': { background: vars.color.accentSurface },
      '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
      '&[data-disabled]': { cursor: 'default', color: vars.color.textMuted },
    },
    '@media': {
      '(forced-colors: active)': {
        selectors: { '&[data-focused]': { background: 'Highlight', color: 'HighlightText' } },
      },
    },
  },
  variants: {
    /** danger for destructive items (Delete). */
    variant: {
      neutral: {},
      danger: { color: vars.color.danger },
    },
  },
  defaultVariants: { variant: 'neutral' },
});

// An empty column when the menu has no selection, so labels line up either way.
export const check = style({ display: 'inline-flex', width: '20px', selectors: { '&:empty': { width: 0 } } });

export const label = style({ gridColumn: '3' });

export const keyboard = style({
  gridColumn: '4',
  marginInlineStart: vars.space.lg,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  color: 'inherit',
});

export const description = style({ gridColumn: '3', fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const section = style({ display: 'flex', flexDirection: 'column' });

export const header = style({
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textMuted,
});

export const separator = style({
  height: '1px',
  margin: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.divider,
  border: 'none',
});

export type MenuItemVariants = NonNullable<RecipeVariants<typeof menuItem>>;
