import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const page = style({
  maxWidth: '56rem',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
});
export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });
export const muted = style({ margin: 0, color: vars.color.textMuted });
export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
});
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg });
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: vars.space.md });
export const countdown = style({ fontVariantNumeric: 'tabular-nums', fontSize: vars.fontSize.lg, margin: 0 });
export const error = style({ margin: 0, color: vars.color.danger });
export const uploads = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const upload = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
