import { createContainer, style } from '@vanilla-extract/css';
import { breakpoints } from '../../theme/tokens.ts';
import { vars } from '../../theme/vars.css.ts';

/** Height of the layouts' top bar on one line. */
export const HEADER_HEIGHT = '64px';
/** What the sticky header covers, measured by useHeaderOffset (the one-line height until it has run). */
export const headerOffset = `var(--timbre-header-offset, ${HEADER_HEIGHT})`;

/**
 * The layouts respond to their own width (a container query), not the window's: the same breakpoint
 * (md = 768px) in the app, and the right layout in a narrow Storybook canvas or a docs page.
 */
export const LAYOUT_CONTAINER = createContainer('layout');
export const wide = `${LAYOUT_CONTAINER} (min-width: ${breakpoints.md}px)`;
export const narrow = `${LAYOUT_CONTAINER} (max-width: ${breakpoints.md - 0.02}px)`;

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.sm,
  top: vars.space.sm,
  zIndex: vars.zIndex.popover,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  // Visually hidden until it has focus (not display:none, so it stays in the tab order).
  selectors: {
    '&:not(:focus)': {
      clip: 'rect(0 0 0 0)',
      clipPath: 'inset(50%)',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      whiteSpace: 'nowrap',
      padding: 0,
    },
  },
});

/** The main landmark: the skip link's target, focused programmatically, so no focus ring on it. */
export const main = style({
  outline: 'none',
  minWidth: 0,
});

export const logoLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});
