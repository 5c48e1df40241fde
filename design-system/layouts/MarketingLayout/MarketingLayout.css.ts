import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';
import { HEADER_HEIGHT, headerOffset, LAYOUT_CONTAINER, narrow, wide } from '../private/shared.css.ts';

export const root = style({
  containerName: LAYOUT_CONTAINER,
  containerType: 'inline-size',
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100dvh',
  background: vars.color.background,
  color: vars.color.text,
});

// The top bar stays on screen; focusing or scrolling to anything keeps it clear of the bar (WCAG 2.4.11).
globalStyle(`html:has(${root})`, { scrollPaddingTop: `calc(${headerOffset} + ${vars.space.lg})` });

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.sticky,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.divider}`,
  '@media': { '(forced-colors: active)': { borderBottomColor: 'CanvasText' } },
});

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  minHeight: HEADER_HEIGHT,
  maxWidth: '80rem',
  margin: '0 auto',
  padding: `${vars.space.sm} ${vars.space.lg}`,
});

export const wideOnly = style({ display: 'none', '@container': { [wide]: { display: 'contents' } } });
export const narrowOnly = style({ display: 'contents', '@container': { [wide]: { display: 'none' } } });

export const navList = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: vars.space.lg,
  rowGap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  whiteSpace: 'nowrap',
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, marginInlineStart: 'auto' });
export const ctas = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, whiteSpace: 'nowrap' });

export const drawerNav = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl });
export const drawerList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  fontSize: vars.fontSize.lg,
});
globalStyle(`${drawerList} a`, { display: 'inline-flex', alignItems: 'center', minHeight: '44px' });
export const drawerCtas = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const main = style({ flex: 1 });

export const footer = style({
  borderTop: `1px solid ${vars.color.divider}`,
  background: vars.color.surface,
  '@media': { '(forced-colors: active)': { borderTopColor: 'CanvasText' } },
});
export const footerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  maxWidth: '80rem',
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  '@container': { [narrow]: { flexDirection: 'column', alignItems: 'flex-start' } },
});
export const footerList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xl,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const copyright = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
