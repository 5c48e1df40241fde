import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const message = style({ fontWeight: vars.fontWeight.semibold, overflowWrap: 'anywhere' });
// A stack keeps its lines; a long one scrolls within the cell instead of widening the table.
export const stack = style({
  margin: 0,
  maxWidth: '36rem',
  maxHeight: '16rem',
  overflow: 'auto',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre',
});
