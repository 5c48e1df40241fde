import { globalStyle, style } from '@vanilla-extract/css';
import { tokens, vars } from '../../design-system/theme/index.ts';

export const pageList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** The nav above, the plan at the foot of the column. */
export const navColumn = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, flex: 1 });

export const navLink = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm });

export const planFoot = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  marginTop: 'auto',
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.divider}`,
});
export const planName = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

/** The account button's name: from 768px up; below, the button is its icon (the name stays its label). */
export const wideText = style({
  '@media': { [`(max-width: ${tokens.breakpoints.md - 0.02}px)`]: { display: 'none' } },
});

// Each item a full-width row, 40px tall; the current one on the accent's surface with a bar at its start,
// so it reads as current without colour alone (and in forced colours, by the bar).
globalStyle(`${pageList} a`, {
  display: 'flex',
  alignItems: 'center',
  minHeight: '40px',
  paddingInline: vars.space.sm,
  borderInlineStart: '3px solid transparent',
  borderRadius: vars.radius.md,
});
globalStyle(`${pageList} a[aria-current="page"]`, {
  background: vars.color.accentSurface,
  borderInlineStartColor: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  '@media': { '(forced-colors: active)': { borderInlineStartColor: 'Highlight' } },
});
