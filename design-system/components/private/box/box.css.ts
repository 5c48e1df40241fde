import { style } from '@vanilla-extract/css';

/** A list laid out by Stack or Inline keeps its semantics and loses the browser's bullets and indent. */
export const listReset = style({ margin: 0, padding: 0, listStyle: 'none' });

/** One line, cut with an ellipsis; the full text stays in the DOM for assistive technology. */
export const truncate = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 });
