import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';

export const logo = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.sm, color: vars.color.text });
export const mark = style({ fill: vars.color.accent, '@media': { '(forced-colors: active)': { fill: 'CanvasText' } } });
export const wave = style({
  stroke: vars.color.onAccent,
  '@media': { '(forced-colors: active)': { stroke: 'Canvas' } },
});
export const word = style({ fontWeight: vars.fontWeight.bold, letterSpacing: '-0.01em', lineHeight: 1 });
