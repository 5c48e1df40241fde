import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const steps = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(12rem, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const step = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const alert = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
});
export const stepHeading = style({ margin: 0, fontSize: vars.fontSize.xl, outline: 'none' });
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const itemName = style({ fontWeight: 600 });
