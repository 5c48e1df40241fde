import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css.ts';
import { HEADER_HEIGHT, headerOffset, LAYOUT_CONTAINER, narrow, wide } from '../private/shared.css.ts';

export const root = style({
  containerName: LAYOUT_CONTAINER,
  containerType: 'inline-size',
  minHeight: '100dvh',
  background: vars.color.background,
  color: vars.color.text,
});

// The header stays on screen; focused content scrolls clear of it (WCAG 2.4.11).
globalStyle(`html:has(${root})`, { scrollPaddingTop: `calc(${headerOffset} + ${vars.space.lg})` });

export const frame = style({ display: 'flex', flexDirection: 'column', minHeight: '100dvh' });

// Sticky at every width: below 768px it is one row (Menu, logo, the header actions), so it costs a phone
// no more than 56px. useHeaderOffset measures it for scroll-padding-top.
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  minHeight: HEADER_HEIGHT,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  '@container': {
    [narrow]: {
      flexWrap: 'nowrap',
      minHeight: '56px',
      columnGap: vars.space.sm,
      padding: `${vars.space.xs} ${vars.space.md}`,
    },
  },
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.divider}`,
  '@media': { '(forced-colors: active)': { borderBottomColor: 'CanvasText' } },
});

export const headerActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  marginInlineStart: 'auto',
});

export const icon = style({ display: 'inline-flex' });

/** Shown from 768px up only (the sidebar toggle, the header's theme switch). */
export const wideOnly = style({ display: 'contents', '@container': { [narrow]: { display: 'none' } } });
/** Shown below 768px only (the Menu button). */
export const narrowOnly = style({ display: 'none', '@container': { [narrow]: { display: 'contents' } } });
export const contents = style({ display: 'contents' });

export const drawer = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const mirrored = style([icon, { transform: 'scaleX(-1)' }]);

export const body = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  '@container': { [wide]: { flexDirection: 'row', alignItems: 'stretch' } },
});

// The column (its background and border) stretches to the end of the page; its content sticks below the
// header and scrolls on its own.
export const sidebar = recipe({
  base: {
    background: vars.color.surface,
    selectors: { '&[hidden]': { display: 'none' } },
    '@container': { [wide]: { flex: '0 0 17rem', width: '17rem', alignSelf: 'stretch' } },
    '@media': { '(forced-colors: active)': { border: '1px solid CanvasText' } },
  },
  variants: {
    side: {
      // Below 768px the left sidebar's content is in the Menu drawer.
      left: {
        borderInlineEnd: `1px solid ${vars.color.divider}`,
        '@container': { [narrow]: { display: 'none' } },
      },
      right: {
        borderInlineStart: `1px solid ${vars.color.divider}`,
        '@container': { [narrow]: { borderInlineStart: 'none', borderTop: `1px solid ${vars.color.divider}` } },
      },
    },
  },
});

export const sidebarInner = style({
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.lg,
  '@container': {
    [wide]: {
      position: 'sticky',
      top: headerOffset,
      height: `calc(100dvh - ${headerOffset})`,
      overflowY: 'auto',
    },
  },
});

export const main = style({ flex: 1 });

export const footer = style({
  padding: `${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
});

export const loader = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.loader,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.overlay,
});

export const loaderBox = style({
  padding: `${vars.space.lg} ${vars.space.xl}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.lg,
  '@media': { '(forced-colors: active)': { border: '2px solid CanvasText' } },
});
