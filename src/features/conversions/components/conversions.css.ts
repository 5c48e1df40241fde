import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
});
export const name = style({ margin: 0, fontSize: vars.fontSize.md, flex: '1 1 auto' });
export const progress = style({ maxWidth: '32rem' });
