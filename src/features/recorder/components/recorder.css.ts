import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
});
export const countdown = style({ fontVariantNumeric: 'tabular-nums', fontSize: vars.fontSize.lg, margin: 0 });
