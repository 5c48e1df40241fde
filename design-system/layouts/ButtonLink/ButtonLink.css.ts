import { style } from '@vanilla-extract/css';

/** A call to action reads as one unit: its words never wrap inside the button. */
export const noWrap = style({ whiteSpace: 'nowrap' });
