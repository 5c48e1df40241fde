import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const message = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
// A stack keeps its lines and wraps long ones rather than scrolling: a scrolled region would need a tab stop
// of its own inside the grid.
export const stack = style({
  margin: 0,
  maxWidth: '36rem',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
