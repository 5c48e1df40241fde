import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/index.ts';

export const figure = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const caption = style({ fontWeight: 600, color: vars.color.text });
export const summary = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const svg = style({ width: '100%', height: 'auto', display: 'block', overflow: 'visible' });
export const bar = style({ fill: vars.color.accent });
export const line = style({ fill: 'none', stroke: vars.color.accent, strokeWidth: 2 });
export const point = style({ fill: vars.color.accent });
export const axis = style({ stroke: vars.color.border, strokeWidth: 1 });
export const grid = style({ stroke: vars.color.divider, strokeWidth: 1 });
export const tick = style({ fill: vars.color.textMuted, fontSize: '11px' });
export const table = style({ borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
globalStyle(`${table} th, ${table} td`, { textAlign: 'start', padding: `${vars.space.xs} ${vars.space.md}` });
