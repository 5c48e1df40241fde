import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const section = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.divider}`,
});
export const countdown = style({ fontVariantNumeric: 'tabular-nums', fontSize: vars.fontSize.lg, margin: 0 });

/** "Choose voices for N originals": kept in view at the foot of the page while more is recorded or uploaded. */
export const nextStep = style({
  position: 'sticky',
  bottom: vars.space.md,
  zIndex: vars.zIndex.sticky,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.accentSurface,
  boxShadow: vars.shadow.md,
});
