import { style } from '@vanilla-extract/css';
import { vars } from '../../design-system/theme/index.ts';

export const pageList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const help = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const helpTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const copyright = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
