import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });

export const paragraph = style({ margin: 0 });

export const warning = style({ margin: 0, fontWeight: vars.fontWeight.bold });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
});
