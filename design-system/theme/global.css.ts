import { globalStyle } from '@vanilla-extract/css';
import { vars } from './vars.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { colorScheme: 'light dark', WebkitTextSizeAdjust: '100%' });
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.textStyle.body.fontSize,
  lineHeight: vars.textStyle.body.lineHeight,
  color: vars.color.text,
  background: vars.color.background,
});
globalStyle('a', { color: vars.color.accent });
globalStyle('h1, h2, h3, h4', { lineHeight: vars.lineHeight.tight });
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' });
// A heading the router (or a page) focuses by script after a navigation is a reading position, not a
// control: no ring. It has tabIndex -1, so it is never a Tab stop and a keyboard user loses nothing; every
// interactive element keeps its ring.
globalStyle(':is(h1, h2, h3, h4, h5, h6)[tabindex="-1"]:focus', { outline: 'none' });
// Windows High Contrast / forced colours: keep focus and boundaries visible with system colours.
globalStyle(':focus-visible', { '@media': { '(forced-colors: active)': { outline: '3px solid Highlight' } } });
// Users who ask for less motion get none.
globalStyle('*, *::before, *::after', {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto !important' as 'auto',
    },
  },
});
