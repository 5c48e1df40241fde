import type { ReactNode } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import type { fontSize, fontWeight } from '../../theme/tokens.ts';
import { box, type BoxAttributes } from '../private/box/box.ts';
import { truncate as truncateStyle } from '../private/box/box.css.ts';
import { TONE_COLORS, type Tone } from './tone.ts';

export interface TextProps extends BoxAttributes {
  /** The text. */
  children: ReactNode;
  /**
   * The element: `p` for a paragraph, `span` inside a line, `div` around other blocks, `li`/`dt`/`dd` in lists.
   * @default 'p'
   */
  as?: 'p' | 'span' | 'div' | 'li' | 'dt' | 'dd' | 'strong' | 'small' | 'figcaption';
  /** A step of the type scale; unset, the text keeps the size around it. */
  size?: keyof typeof fontSize;
  /** A weight of the type scale; unset, the weight around it. */
  weight?: keyof typeof fontWeight;
  /**
   * What the colour says: `muted` for hints and metadata, `critical` for errors, `positive` for success,
   * `caution` for warnings, `info` for neutral news. Unset, the colour around it (so text inside a
   * coloured alert keeps the alert's colour); `neutral` forces the body colour.
   */
  tone?: Tone;
  /** Horizontal alignment of the lines. */
  align?: 'left' | 'center' | 'right';
  /**
   * One line, cut with an ellipsis when it does not fit (the whole text stays readable to screen readers).
   * @default false
   */
  truncate?: boolean;
}

/** A run of text on the type tokens, with no margins: the spacing comes from the Stack or Inline around it. */
export function Text({ children, as = 'p', size, weight, tone, align, truncate = false, ...attributes }: TextProps) {
  const className = [
    sprinkles({
      margin: 'none',
      fontSize: size,
      fontWeight: weight,
      color: tone ? TONE_COLORS[tone] : undefined,
      textAlign: align,
    }),
    truncate ? truncateStyle : null,
  ]
    .filter(Boolean)
    .join(' ');
  return box(as, className, attributes, children);
}
