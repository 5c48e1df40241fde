import type { ReactNode } from 'react';
import { sprinkles } from '../../css/sprinkles.css.ts';
import { box, flexAlign, type BoxAttributes, type Space } from '../private/box/box.ts';
import { listReset } from '../private/box/box.css.ts';

export interface StackProps extends BoxAttributes {
  /** The items, one under the other. */
  children: ReactNode;
  /** The space between items, from the space scale. */
  gap: Space;
  /**
   * Where items sit across the stack: `stretch` fills the width, the others keep each item's own width.
   * @default 'stretch'
   */
  align?: 'stretch' | 'start' | 'center' | 'end';
  /**
   * The element. A list (`ul`, `ol`) keeps its semantics and loses its bullets and indent.
   * @default 'div'
   */
  as?: 'div' | 'section' | 'article' | 'header' | 'footer' | 'nav' | 'form' | 'ul' | 'ol' | 'li' | 'dl';
}

/** Items one under the other, a step of the space scale apart: the vertical rhythm of every page. */
export function Stack({ children, gap, align, as = 'div', ...attributes }: StackProps) {
  const className = [
    sprinkles({ display: 'flex', flexDirection: 'column', gap, alignItems: flexAlign(align) }),
    as === 'ul' || as === 'ol' ? listReset : null,
  ]
    .filter(Boolean)
    .join(' ');
  return box(as, className, attributes, children);
}
