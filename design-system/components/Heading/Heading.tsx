import type { ReactNode } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import type { fontSize, fontWeight, TextStyle } from '../../theme/tokens.ts';
import { box, type BoxAttributes } from '../private/box/box.ts';
import { truncate as truncateStyle } from '../private/box/box.css.ts';
import { textStyles } from '../Text/Text.css.ts';
import { TEXT_STYLE_WEIGHTS } from '../Text/Text.tsx';
import { TONE_COLORS, type Tone } from '../Text/tone.ts';

/**
 * The role of the type scale each level takes unless told otherwise: the page's title, a section, a card's
 * or subsection's title, a small label.
 */
export const HEADING_STYLES = {
  1: 'title',
  2: 'section',
  3: 'cardTitle',
  4: 'cardTitle',
  5: 'meta',
  6: 'meta',
} as const satisfies Record<number, TextStyle>;

export interface HeadingProps extends BoxAttributes {
  /** The heading's text. */
  children: ReactNode;
  /** The level in the page's outline (`h1`…`h6`); one `h1` per page. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /**
   * A role of the type scale, when the outline and the look differ (`display` only on marketing pages).
   * @default title for 1, section for 2, cardTitle for 3 and 4, meta for 5 and 6
   */
  variant?: TextStyle;
  /** A step of the raw size scale with a tight line height, instead of a role; ignored with `variant`. */
  size?: keyof typeof fontSize;
  /** A weight of the type scale; unset, the role's weight (the browser's bold with `size`). */
  weight?: keyof typeof fontWeight;
  /** What the colour says (see Text); unset, the colour around it. */
  tone?: Tone;
  /**
   * One line, cut with an ellipsis when it does not fit.
   * @default false
   */
  truncate?: boolean;
}

/** A heading on the type tokens, tight line height and no margins. */
export function Heading({
  children,
  level,
  variant,
  size,
  weight,
  tone,
  truncate = false,
  ...attributes
}: HeadingProps) {
  const role = variant ?? (size ? undefined : HEADING_STYLES[level]);
  const className = [
    role ? textStyles[role] : null,
    sprinkles({
      margin: 'none',
      fontSize: role ? undefined : size,
      fontWeight: weight ?? (role ? TEXT_STYLE_WEIGHTS[role] : undefined),
      lineHeight: role ? undefined : 'tight',
      color: tone ? TONE_COLORS[tone] : undefined,
    }),
    truncate ? truncateStyle : null,
  ]
    .filter(Boolean)
    .join(' ');
  return box(`h${level}`, className, attributes, children);
}
