import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const pagination = recipe({
  base: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: vars.space.lg,
    color: vars.color.text,
    fontSize: vars.fontSize.sm,
  },
});

export const pages = style({
  display: 'flex',
  flexWrap: 'wrap',
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
      background: vars.color.accent,
      color: vars.color.onAccent,
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

export const status = style({ color: vars.color.textMuted, alignSelf: 'center', whiteSpace: 'nowrap' });

export const pageSize = style({ minWidth: '8rem' });
