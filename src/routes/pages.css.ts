import { style } from '@vanilla-extract/css';
import { vars } from '../../design-system/index.ts';

export const page = style({ maxWidth: '64rem', margin: '0 auto', padding: `${vars.space.xxl} ${vars.space.lg}` });
export const title = style({ fontSize: vars.fontSize.xxl, margin: `0 0 ${vars.space.lg}`, lineHeight: 1.15 });
export const lead = style({ fontSize: vars.fontSize.lg, color: vars.color.textMuted, maxWidth: '40rem' });
export const actions = style({ display: 'flex', gap: vars.space.md, marginTop: vars.space.xl, flexWrap: 'wrap' });
const linkButton = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `${vars.space.sm} ${vars.space.xl}`,
  borderRadius: vars.radius.md,
  fontWeight: 600,
  textDecoration: 'none',
} as const;
export const primaryLink = style({ ...linkButton, background: vars.color.accent, color: vars.color.onAccent });
export const secondaryLink = style({ ...linkButton, border: `2px solid ${vars.color.border}`, color: vars.color.text });
