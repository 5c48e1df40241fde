import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: '48rem' });
export const grow = style({ flex: '1 1 16rem', minWidth: 0, maxWidth: '100%' });
export const fieldError = style({ display: 'block', color: vars.color.danger, fontWeight: vars.fontWeight.medium });

export const grid = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))',
});
export const gridItem = style({ display: 'flex', minWidth: 0 });
/** A card whose demo is open takes the whole row, so its players have room for the waveform and the time. */
export const gridItemWide = style({ gridColumn: '1 / -1' });
// The design system's Card is the item; it fills its cell so a row of cards lines up.
globalStyle(`${gridItem} > *`, { flex: '1 1 auto', minWidth: 0 });

export const art = style({
  display: 'block',
  width: '100%',
  maxWidth: '24rem',
  aspectRatio: '16 / 9',
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const facts = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}` });
export const fact = style({ display: 'flex', gap: vars.space.xs });
globalStyle(`${fact} dt`, { color: vars.color.textMuted });
globalStyle(`${fact} dd`, { margin: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, marginTop: 'auto' });
export const skeletonCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
});
export const compactItem = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
});
export const compactText = style({ flex: '1 1 12rem', minWidth: 0, display: 'flex', flexDirection: 'column' });

export const filterGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
});
export const steps = style({ margin: 0, paddingInlineStart: vars.space.xl, display: 'grid', gap: vars.space.xs });
