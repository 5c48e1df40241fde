import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { vars } from '../theme/vars.css.ts';
import { breakpoints } from '../theme/tokens.ts';

/** Layout atoms with the one breakpoint of the spec: md at 768px (mobile below). */
const responsive = defineProperties({
  conditions: {
    mobile: {},
    md: { '@media': `screen and (min-width: ${breakpoints.md}px)` },
  },
  defaultCondition: 'mobile',
  properties: {
    display: ['none', 'block', 'inline', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column', 'row-reverse', 'column-reverse'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['stretch', 'flex-start', 'center', 'flex-end', 'space-between'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    marginLeft: vars.space,
    marginRight: vars.space,
    width: { full: '100%', auto: 'auto' },
    textAlign: ['left', 'center', 'right'],
    fontSize: vars.fontSize,
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

/** Colour atoms from the theme contract, so they follow light, dark and the user's override. */
const colors = defineProperties({
  properties: {
    color: vars.color,
    background: vars.color,
    borderColor: vars.color,
  },
});

/** Type atoms from the tokens: what Text and Heading are made of. */
const typography = defineProperties({
  properties: {
    fontWeight: vars.fontWeight,
    lineHeight: vars.lineHeight,
  },
});

export const sprinkles = createSprinkles(responsive, colors, typography);
export type Sprinkles = Parameters<typeof sprinkles>[0];
