import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const planName = style({ margin: `${vars.space.xs} 0`, fontSize: vars.fontSize.xl });
export const currentPlan = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.lg,
});
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, outline: 'none' });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg, outline: 'none' });
export const meters = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(16rem, 100%), 1fr))',
});
export const forecast = style({ margin: 0, fontWeight: 600 });
export const cards = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(16rem, 100%), 1fr))',
  alignItems: 'stretch',
});
export const price = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.xl, fontWeight: 700 });
export const list = style({
  margin: `0 0 ${vars.space.md}`,
  paddingInlineStart: vars.space.lg,
  color: vars.color.textMuted,
});
export const packs = style({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const pack = style({
  display: 'grid',
  // The name gives way on a narrow screen (it wraps), so the row never pushes the page sideways.
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
});
export const packMinutes = style({ fontWeight: 600 });
export const packPrice = style({ color: vars.color.text, textAlign: 'end' });
export const alert = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
});
export const summary = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});
export const yours = style({ alignSelf: 'flex-start', display: 'inline-flex' });
