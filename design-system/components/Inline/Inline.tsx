import type { ReactNode } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import { box, flexAlign, type BoxAttributes, type Space } from '../private/box/box.ts';
import { listReset } from '../private/box/box.css.ts';

const justifications = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  between: 'space-between',
} as const;

export interface InlineProps extends BoxAttributes {
  /** The items, side by side. */
  children: ReactNode;
  /** The space between items (and between lines when they wrap), from the space scale. */
  gap: Space;
  /**
   * Where items sit vertically in their line: `center` for buttons beside text, `end` for fields of
   * different heights whose inputs should line up, `baseline` for text of different sizes.
   * @default 'stretch'
   */
  align?: 'stretch' | 'start' | 'center' | 'end' | 'baseline';
  /**
   * Where the items sit along the line; `between` pushes the first and last to the edges.
   * @default 'start'
   */
  justify?: keyof typeof justifications;
  /**
   * Wrap onto more lines when the items do not fit, so nothing overflows a phone's width.
   * @default true
   */
  wrap?: boolean;
  /**
   * The element. A list (`ul`, `ol`) keeps its semantics and loses its bullets and indent.
   * @default 'div'
   */
  as?: 'div' | 'section' | 'header' | 'footer' | 'nav' | 'form' | 'ul' | 'ol' | 'li' | 'p' | 'span';
}

/** Items side by side, a step of the space scale apart, wrapping when they do not fit: actions, toolbars, tags. */
export function Inline({ children, gap, align, justify, wrap = true, as = 'div', ...attributes }: InlineProps) {
  const className = [
    sprinkles({
      display: 'flex',
      flexWrap: wrap ? 'wrap' : undefined,
      gap,
      alignItems: flexAlign(align),
      justifyContent: justify ? justifications[justify] : undefined,
    }),
    as === 'ul' || as === 'ol' ? listReset : null,
  ]
    .filter(Boolean)
    .join(' ');
  return box(as, className, attributes, children);
}
