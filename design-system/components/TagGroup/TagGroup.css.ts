import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, color: vars.color.text });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const description = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  outline: 'none',
  selectors: { '&[data-empty]': { color: vars.color.textMuted, fontSize: vars.fontSize.sm } },
});

export const tag = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    minHeight: '32px',
    padding: `${vars.space.xxs} ${vars.space.md}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.full,
    background: vars.color.surface,
    color: vars.color.text,
    fontSize: vars.fontSize.sm,
    outline: 'none',
    cursor: 'default',
    selectors: {
      '&[data-allows-removing]': { paddingInlineEnd: vars.space.xxs },
      '&[data-hovered]': { borderColor: vars.color.accent, cursor: 'pointer' },
      '&[data-selected]': { background: vars.color.accentSurface, borderColor: vars.color.accent },
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    },
    '@media': {
      '(forced-colors: active)': {
        borderColor: 'CanvasText',
        selectors: { '&[data-selected]': { borderColor: 'Highlight', outline: '2px solid Highlight' } },
      },
    },
  },
});

export const removeButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&[data-hovered]': { background: vars.color.accentSurface },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focus}` },
  },
});
