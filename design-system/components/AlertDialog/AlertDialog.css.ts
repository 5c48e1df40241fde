import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';

export const titleRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const icon = style({ display: 'inline-flex', color: vars.color.danger });

export const error = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0 0`,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  '@media': { '(forced-colors: active)': { border: '1px solid CanvasText' } },
});
