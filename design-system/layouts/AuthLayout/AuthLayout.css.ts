import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';
import { HEADER_HEIGHT, LAYOUT_CONTAINER, wide } from '../private/shared.css.ts';

export const root = style({
  containerName: LAYOUT_CONTAINER,
  containerType: 'inline-size',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100dvh',
  background: vars.color.surface,
  color: vars.color.text,
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: HEADER_HEIGHT,
  padding: `${vars.space.sm} ${vars.space.lg}`,
});

export const headerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
});

export const main = style({
  flex: 1,
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  '@container': { [wide]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const panel = style({
  width: '100%',
  maxWidth: '28rem',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.md,
  border: `1px solid ${vars.color.divider}`,
  '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
  fontWeight: vars.fontWeight.bold,
});

export const description = style({ margin: 0, color: vars.color.textMuted });

export const aside = style({
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.divider}`,
  color: vars.color.textMuted,
  textAlign: 'center',
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.lg,
  padding: vars.space.lg,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
