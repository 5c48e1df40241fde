import { style } from '@vanilla-extract/css';

/**
 * The title takes the line's free room, so the actions sit at its end and wrap under it when narrow. A name
 * longer than a phone is wide (one long word) breaks rather than push the page sideways (WCAG 1.4.10).
 */
export const title = style({ flex: '1 1 auto', minWidth: 0, overflowWrap: 'anywhere' });

/** A readable line length for the description on wide pages. */
export const description = style({ maxWidth: '48rem' });
