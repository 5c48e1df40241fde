import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { forcedColorsRowContent, forcedColorsRowMedia } from '../private/selection.css.ts';

const focusRing = { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' } as const;

export const list = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.background,
    color: vars.color.text,
    overflow: 'auto',
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': focusRing,
      '&[data-empty]': { padding: vars.space.xl, alignItems: 'center', color: vars.color.textMuted },
    },
  },
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.divider}`,
  outline: 'none',
  cursor: 'default',
  selectors: {
    '&:last-child': { borderBottom: 'none' },
    '&[data-hovered]': { background: vars.color.surface, cursor: 'pointer' },
    '&[data-selected]': { background: vars.color.accentSurface },
    '&[data-focus-visible]': focusRing,
    '&[data-disabled]': { color: vars.color.textMuted },
  },
  '@media': forcedColorsRowMedia,
});
forcedColorsRowContent(item);

export const content = style({
  display: 'flex',
  flex: 1,
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  minWidth: 0,
});
