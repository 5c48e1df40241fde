import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const grid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const body = style({ margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted });
export const plan = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.divider}`,
});
export const planText = style({ margin: 0, flex: '1 1 16rem' });
export const figures = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  margin: 0,
});
export const figure = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xxs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
});
export const figureLabel = style({ color: vars.color.textMuted });
export const figureValue = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

/** The new dashboard's summary strip (flag new-dashboard). */
export const summary = style({
  display: 'grid',
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.divider}`,
});
export const summaryHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});
export const summaryTitle = style({ margin: 0 });
export const summaryGrid = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(14rem, 1fr))',
});
export const summaryColumn = style({ display: 'grid', gap: vars.space.sm, alignContent: 'start' });
export const summarySubtitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const recentList = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' });
export const recentMeta = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
