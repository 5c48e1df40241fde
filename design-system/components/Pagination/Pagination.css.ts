import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { breakpoints } from '../../theme/tokens.ts';
import { vars } from '../../theme/vars.css.ts';

/**
 * The page buttons with "Page x of y" centred under them, in the middle of the list's width; the page-size
 * choice at the end of the row on a wide screen, under them on a phone.
 */
export const pagination = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    justifyItems: 'center',
    alignItems: 'center',
    gap: vars.space.md,
    color: vars.color.text,
    fontSize: vars.fontSize.sm,
    '@media': {
      [`screen and (min-width: ${breakpoints.md}px)`]: {
        gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
      },
    },
  },
});

/** Previous, the numbered pages and next, with the status centred under them. */
export const controls = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  '@media': { [`screen and (min-width: ${breakpoints.md}px)`]: { gridColumn: '2' } },
});

export const pages = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const pageButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '44px',
  height: '44px',
  padding: `0 ${vars.space.sm}`,
  border: '2px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.md,
  fontVariantNumeric: 'tabular-nums',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.surface },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-current="page"]': {
      background: vars.color.primary,
      color: vars.color.onPrimary,
      fontWeight: vars.fontWeight.bold,
    },
    // Previous/next at either end stay focusable (focus is never lost under the user) but do nothing.
    '&[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed', background: 'transparent' },
  },
  '@media': {
    '(forced-colors: active)': {
      selectors: { '&[aria-current="page"]': { borderColor: 'Highlight' } },
    },
  },
});

export const gap = style({ minWidth: '24px', textAlign: 'center', color: vars.color.textMuted });

export const status = style({
  color: vars.color.textMuted,
  fontSize: vars.textStyle.meta.fontSize,
  lineHeight: vars.textStyle.meta.lineHeight,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  textAlign: 'center',
});

export const pageSize = style({
  minWidth: '8rem',
  '@media': { [`screen and (min-width: ${breakpoints.md}px)`]: { gridColumn: '3', justifySelf: 'end' } },
});
