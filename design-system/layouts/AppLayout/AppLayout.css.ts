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

// Sticky from 768px up; below, it scrolls away with the page, so a header wrapped onto two lines costs
// no room on a phone.
export const header = style({
  zIndex: vars.zIndex.sticky,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.sm,
  '@container': { [wide]: { position: 'sticky', top: 0 } },
  minHeight: HEADER_HEIGHT,
  padding: `${vars.space.sm} ${vars.space.lg}`,
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
export const mirrored = style([icon, { transform: 'scaleX(-1)' }]);

export const body = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  '@container': { [wide]: { flexDirection: 'row', alignItems: 'stretch' } },
});

export const sidebar = recipe({
  base: {
    background: vars.color.surface,
    padding: vars.space.lg,
    selectors: { '&[hidden]': { display: 'none' } },
    '@container': {
      [wide]: {
        // A full-height column beside the page that stays in view and scrolls on its own.
        position: 'sticky',
        top: headerOffset,
        alignSelf: 'flex-start',
        flex: '0 0 17rem',
        width: '17rem',
        height: `calc(100dvh - ${headerOffset})`,
        overflowY: 'auto',
      },
    },
    '@media': { '(forced-colors: active)': { border: '1px solid CanvasText' } },
  },
  variants: {
    side: {
      left: {
        borderInlineEnd: `1px solid ${vars.color.divider}`,
        '@container': { [narrow]: { borderInlineEnd: 'none', borderBottom: `1px solid ${vars.color.divider}` } },
      },
      right: {
        borderInlineStart: `1px solid ${vars.color.divider}`,
        '@container': { [narrow]: { borderInlineStart: 'none', borderTop: `1px solid ${vars.color.divider}` } },
      },
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
