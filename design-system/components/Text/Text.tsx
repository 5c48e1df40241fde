import type { ReactNode } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import type { fontSize, fontWeight, TextStyle } from '../../theme/tokens.ts';
import { box, type BoxAttributes } from '../private/box/box.ts';
import { truncate as truncateStyle } from '../private/box/box.css.ts';
import { tabular, textStyles } from './Text.css.ts';
import { TONE_COLORS, type Tone } from './tone.ts';

/** The weight each role of the type scale takes unless told otherwise (body and meta keep the one around). */
export const TEXT_STYLE_WEIGHTS = {
  display: 'bold',
  title: 'semibold',
  section: 'semibold',
  cardTitle: 'semibold',
  body: undefined,
  meta: undefined,
} as const satisfies Record<TextStyle, keyof typeof fontWeight | undefined>;

export interface TextProps extends BoxAttributes {
  /** The text. */
  children: ReactNode;
  /**
   * The element: `p` for a paragraph, `span` inside a line, `div` around other blocks, `li`/`dt`/`dd` in lists.
   * @default 'p'
   */
  as?: 'p' | 'span' | 'div' | 'li' | 'dt' | 'dd' | 'strong' | 'small' | 'figcaption';
  /**
   * A role of the app's type scale — `body` (15px), `meta` (13px, dates, counts, secondary facts),
   * `cardTitle` (16/600), `section` (20/600), `title` (28/600); `display` is for the marketing site only.
   * Sets the size, the line height and the role's weight. Prefer it to `size`, which it replaces.
   */
  variant?: TextStyle;
  /** A step of the raw size scale, when no role fits; ignored with `variant`. Unset, the size around it. */
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
  /**
   * Figures of one width (tabular numbers) for times, durations, counters and amounts.
   * @default false
   */
  numeric?: boolean;
}

/** A run of text on the type tokens, with no margins: the spacing comes from the Stack or Inline around it. */
export function Text({
  children,
  as = 'p',
  variant,
  size,
  weight,
  tone,
  align,
  truncate = false,
  numeric = false,
  ...attributes
}: TextProps) {
  const className = [
    variant ? textStyles[variant] : null,
    sprinkles({
      margin: 'none',
      fontSize: variant ? undefined : size,
      fontWeight: weight ?? (variant ? TEXT_STYLE_WEIGHTS[variant] : undefined),
      color: tone ? TONE_COLORS[tone] : undefined,
      textAlign: align,
    }),
    truncate ? truncateStyle : null,
    numeric ? tabular : null,
  ]
    .filter(Boolean)
    .join(' ');
  return box(as, className, attributes, children);
}
