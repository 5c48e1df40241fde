import { style } from '@vanilla-extract/css';
import { tokens, vars } from '../../../design-system/theme/index.ts';

/**
 * A card fixed at the foot of the screen (beside the content on wide screens), above the sticky top bar and
 * below modals: the page stays readable and usable around it, and it scrolls within itself on a short screen.
 */
export const frame = style({
  position: 'fixed',
  insetInline: vars.space.sm,
  bottom: vars.space.sm,
  zIndex: vars.zIndex.drawer,
  maxHeight: `calc(100dvh - 2 * ${vars.space.sm})`,
  overflowY: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.lg,
  '@media': {
    [`screen and (min-width: ${tokens.breakpoints.md}px)`]: {
      insetInline: 'auto',
      right: vars.space.xl,
      bottom: vars.space.xl,
      width: '30rem',
    },
    '(forced-colors: active)': { border: '2px solid CanvasText' },
  },
});
