import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';

/** A row the user opens: the whole row takes the pointer (its link is stretched over it). */
export const linkedRow = style({
  position: 'relative',
  selectors: {
    '&:hover': { background: vars.color.surface },
  },
});

/** A cell that heads its row (the item's name): reads as the row's name, looks like the other cells. */
export const rowHeader = style({ textAlign: 'start', fontWeight: vars.fontWeight.medium });

/** The row's link, stretched over the whole row for the pointer; the keyboard and screen readers meet the link. */
export const stretchedLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  cursor: 'pointer',
  selectors: {
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]::after': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' },
  },
});

/** A cell with its own controls (a menu button): above the row's stretched link, so they take the pointer. */
export const raised = style({ position: 'relative', zIndex: 1 });
