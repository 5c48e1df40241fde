import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/vars.css.ts';

export const region = recipe({
  base: {
    position: 'fixed',
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: vars.zIndex.toast,
    width: `min(28rem, calc(100vw - 2 * ${vars.space.lg}))`,
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
  },
  variants: {
    position: {
      top: { top: vars.space.lg },
      bottom: { bottom: vars.space.lg },
      center: { top: '50%', transform: 'translate(-50%, -50%)' },
    },
  },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const toast = recipe({
  base: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.md,
    padding: vars.space.md,
    paddingLeft: vars.space.lg,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: '6px',
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    boxShadow: vars.shadow.lg,
    fontSize: vars.fontSize.sm,
    lineHeight: vars.lineHeight.normal,
    outline: 'none',
    selectors: {
      '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    },
    '@media': { '(forced-colors: active)': { borderColor: 'CanvasText' } },
  },
  variants: {
    severity: {
      success: { borderLeftColor: vars.color.success },
      info: { borderLeftColor: vars.color.info },
      warning: { borderLeftColor: vars.color.warning },
      error: { borderLeftColor: vars.color.danger },
    },
  },
});

export type ToastVariants = NonNullable<RecipeVariants<typeof toast>>;

export const icon = recipe({
  base: { display: 'inline-flex', paddingTop: vars.space.xxs },
  variants: {
    severity: {
      success: { color: vars.color.success },
      info: { color: vars.color.info },
      warning: { color: vars.color.warning },
      error: { color: vars.color.danger },
    },
  },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  flex: 1,
  minWidth: 0,
  paddingTop: vars.space.xxs,
});

export const message = style({ margin: 0, overflowWrap: 'anywhere' });

export const action = style({
  padding: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  fontWeight: vars.fontWeight.bold,
  color: vars.color.accent,
  textDecoration: 'underline',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.accentHover },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const dismiss = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '32px',
  height: '32px',
  margin: `calc(-1 * ${vars.space.xs})`,
  padding: 0,
  border: '2px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.surface, color: vars.color.text },
    '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
  '@media': { '(forced-colors: active)': { color: 'ButtonText' } },
});
