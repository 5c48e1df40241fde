import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const page = style({
  maxWidth: '48rem',
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const lead = style({ margin: 0, fontSize: vars.fontSize.lg, color: vars.color.textMuted });
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
export const stepTitle = style({ margin: 0, fontSize: vars.fontSize.md });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, justifyContent: 'flex-end' });
export const pageActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
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
export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const stepHeading = style({ margin: 0, fontSize: vars.fontSize.xl, outline: 'none' });
export const items = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const item = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const itemHead = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });
export const itemName = style({ fontWeight: 600 });
