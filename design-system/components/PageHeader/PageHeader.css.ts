import { style } from '@vanilla-extract/css';

/** The title takes the line's free room, so the actions sit at its end and wrap under it when narrow. */
export const title = style({ flex: '1 1 auto' });

/** A readable line length for the description on wide pages. */
export const description = style({ maxWidth: '48rem' });
