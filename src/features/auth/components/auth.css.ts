import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });
export const fullWidth = style({ width: '100%' });
export const paragraph = style({ margin: 0, lineHeight: vars.lineHeight.normal });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

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

export const success = style([alert, { borderColor: vars.color.success, background: vars.color.successSurface }]);

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.divider}` },
  },
});

export const providerList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const provider = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxs });

export const footer = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.lg, alignItems: 'center' });

export const compactMain = style({
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '28rem',
  margin: '0 auto',
  padding: vars.space.lg,
  background: vars.color.background,
  color: vars.color.text,
});
export const compactTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight });
