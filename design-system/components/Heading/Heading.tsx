import type { ReactNode } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import type { fontSize, fontWeight } from '../../theme/tokens.ts';
import { box, type BoxAttributes } from '../private/box/box.ts';
import { truncate as truncateStyle } from '../private/box/box.css.ts';
import { TONE_COLORS, type Tone } from '../Text/tone.ts';

/** The size each level takes unless told otherwise: a page title, a section, a subsection. */
export const HEADING_SIZES = { 1: 'xxl', 2: 'lg', 3: 'md', 4: 'md', 5: 'sm', 6: 'sm' } as const;

export interface HeadingProps extends BoxAttributes {
  /** The heading's text. */
  children: ReactNode;
  /** The level in the page's outline (`h1`…`h6`); one `h1` per page. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /**
   * A step of the type scale, when the outline and the look differ.
   * @default xxl for 1, lg for 2, md for 3 and 4, sm for 5 and 6
   */
  size?: keyof typeof fontSize;
  /** A weight of the type scale; unset, the browser's bold. */
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
export function Heading({ children, level, size, weight, tone, truncate = false, ...attributes }: HeadingProps) {
  const className = [
    sprinkles({
      margin: 'none',
      fontSize: size ?? HEADING_SIZES[level],
      fontWeight: weight,
      lineHeight: 'tight',
      color: tone ? TONE_COLORS[tone] : undefined,
    }),
    truncate ? truncateStyle : null,
  ]
    .filter(Boolean)
    .join(' ');
  return box(`h${level}`, className, attributes, children);
}
