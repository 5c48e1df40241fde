import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/index.ts';

export const prose = style({ margin: 0, lineHeight: 1.5 });

export const changes = style({
  margin: 0,
  paddingInlineStart: vars.space.xl,
  display: 'grid',
  gap: vars.space.xs,
  lineHeight: 1.5,
});

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
