import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/index.ts';

export const changes = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'grid',
  gap: vars.space.xs,
  lineHeight: 1.5,
});
