import { globalStyle } from '@vanilla-extract/css';

/**
 * A selectable row (GridList item, Table row) in forced colours: the background and the author's colours are
 * gone there, so selection and focus are drawn with system colours, each its own way: the selected row is
 * filled with Highlight (its text HighlightText), the focused row framed in CanvasText, and the focused
 * selected row framed in HighlightText inside its Highlight fill — distinct from selected and from focused.
 */
export const forcedColorsRowMedia = {
  '(forced-colors: active)': {
    selectors: {
      '&[data-focus-visible]': { outline: '3px solid CanvasText', outlineOffset: '-3px' },
      // System colours are kept in forced colours (only an author's own colours are replaced).
      '&[data-selected]': { background: 'Highlight', color: 'HighlightText' },
      '&[data-selected][data-focus-visible]': { outline: '3px solid HighlightText', outlineOffset: '-5px' },
    },
  },
} as const;

/**
 * What a selected row holds (muted text, icons) takes HighlightText too, in forced colours, but not its controls
 * (buttons and links keep their ButtonText / LinkText on their own ButtonFace / Canvas).
 */
export function forcedColorsRowContent(row: string) {
  const control = 'button, a, input, select, textarea, [role="button"]';
  globalStyle(`${row}[data-selected] :not(${control}, :is(${control}) *)`, {
    '@media': { '(forced-colors: active)': { color: 'HighlightText' } },
  });
}
