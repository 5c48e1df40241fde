import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // The row or cell carries the focus ring; the checkbox itself is never a tab stop in a collection.
  cursor: 'pointer',
});

export const box = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '20px',
  height: '20px',
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.onAccent,
  transition: `background-color ${vars.motion.fast}`,
  selectors: {
    [`${checkbox}[data-selected] &, ${checkbox}[data-indeterminate] &`]: {
      background: vars.color.accent,
      borderColor: vars.color.accent,
    },
    [`${checkbox}[data-focus-visible] &`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
    [`${checkbox}[data-disabled] &`]: { opacity: 0.55 },
  },
  '@media': {
    '(forced-colors: active)': {
      borderColor: 'ButtonText',
      selectors: {
        [`${checkbox}[data-selected] &, ${checkbox}[data-indeterminate] &`]: {
          background: 'Highlight',
          borderColor: 'Highlight',
          color: 'HighlightText',
        },
      },
    },
  },
});
