import { style } from '@vanilla-extract/css';
import { vars } from '../../../../design-system/theme/index.ts';

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

/** The form's box keeps the layout of the page as it was (the form and the sign-in buttons stay its items). */
export const formArea = style({ display: 'contents' });

/** Before the page's code runs, the form takes its room but does not show: typing into it would be lost. */
export const formAreaWaiting = style([formArea, { visibility: 'hidden' }]);
