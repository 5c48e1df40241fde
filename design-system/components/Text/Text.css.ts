import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/vars.css.ts';
import { textStyle } from '../../theme/tokens.ts';

/** A role of the type scale: its size and line height (the weight comes through the fontWeight atom). */
export const textStyles = styleVariants(textStyle, (_, role) => ({
  fontSize: vars.textStyle[role].fontSize,
  lineHeight: vars.textStyle[role].lineHeight,
}));

/**
 * Figures of one width, for times, counters and amounts that change in place (a playhead, "Page 2 of 7",
 * 45%, minutes left): the digits do not jitter and columns of them line up.
 */
export const tabular = style({ fontVariantNumeric: 'tabular-nums', fontFeatureSettings: '"tnum"' });
