import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { forcedColorsRowContent, forcedColorsRowMedia } from '../private/selection.css.ts';

const focusRing = { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' } as const;

export const table = recipe({
  base: {
    width: '100%',
    borderCollapse: 'separate',
    borderSpacing: 0,
    color: vars.color.text,
    fontSize: vars.fontSize.md,
    outline: 'none',
    selectors: { '&[data-focus-visible]': focusRing },
  },
});

/** Scrolls a table wider than its place sideways, inside itself. */
export const scrollRegion = style({
  maxWidth: '100%',
  overflowX: 'auto',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const header = style({ background: vars.color.surface });

export const column = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'start',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&[data-allows-sorting]': { cursor: 'pointer' },
    '&[data-hovered][data-allows-sorting]': { background: vars.color.accentSurface },
    '&[data-focus-visible]': focusRing,
  },
});

/** The narrow first column that holds the selection checkboxes. */
export const selectionColumn = style({ width: '44px' });

export const columnInner = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

export const sortIcon = style({
  display: 'inline-flex',
  color: vars.color.textMuted,
  selectors: { [`${column}[data-sort-direction] &`]: { color: vars.color.text } },
});

export const body = style({
  selectors: {
    '&[data-empty]': { textAlign: 'center' },
  },
});

export const row = style({
  outline: 'none',
  background: vars.color.background,
  selectors: {
    // React Aria reports hover only on rows that can be selected or acted on.
    '&[data-hovered]': { background: vars.color.surface, cursor: 'pointer' },
    '&[data-selected]': { background: vars.color.accentSurface },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'default' },
  },
  '@media': forcedColorsRowMedia,
});
forcedColorsRowContent(row);

export const cell = style({
  padding: `${vars.space.md} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.divider}`,
  outline: 'none',
  selectors: { '&[data-focus-visible]': focusRing },
});

export const emptyState = style({ padding: vars.space.xl, color: vars.color.textMuted });
