import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const grow = style({ flex: '1 1 16rem', minWidth: 0, maxWidth: '100%' });
export const facts = style({ display: 'grid', gap: vars.space.sm, margin: 0 });
export const fact = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(8rem, 1fr) 2fr',
  gap: vars.space.md,
});
// vanilla-extract's selectors may only target the element itself; its children go through globalStyle.
globalStyle(`${fact} dt`, { color: vars.color.textMuted });
globalStyle(`${fact} dd`, { margin: 0 });
export const studio = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(14rem, 18rem) minmax(0, 1fr)',
  '@media': { 'screen and (max-width: 767px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const originals = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const original = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
});
export const originalTitle = style({
  margin: 0,
  fontSize: vars.fontSize.md,
  flex: '0 1 auto',
  overflowWrap: 'anywhere',
});
/** The original's facts beside its name (date · length · size · conversions · plays), pushing its buttons right. */
export const originalMeta = style({ flex: '1 1 12rem', minWidth: 0 });
export const inlineForm = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.sm });
