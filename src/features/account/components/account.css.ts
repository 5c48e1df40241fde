import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(22rem, 100%), 1fr))',
  alignItems: 'start',
});
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
});
globalStyle(`${facts} > div`, { display: 'contents' });
globalStyle(`${facts} dd`, { margin: 0 });
globalStyle(`${facts} dt`, { color: vars.color.textMuted });
export const secret = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.successSurface,
  border: `1px solid ${vars.color.success}`,
});
export const code = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  wordBreak: 'break-all',
  fontSize: vars.fontSize.sm,
});
export const pre = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSize: vars.fontSize.sm,
  background: vars.color.surface,
  color: vars.color.text,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  // Wrapped, not scrolled: a scrolled box would need a tab stop of its own.
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  margin: 0,
});
export const scoreRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });
