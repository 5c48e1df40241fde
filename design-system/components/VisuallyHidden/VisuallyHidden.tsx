import type { ReactNode } from 'react';
import { VisuallyHidden as AriaVisuallyHidden } from 'react-aria-components';

export interface VisuallyHiddenProps {
  /** What screen readers read and sighted users do not see. */
  children: ReactNode;
  /**
   * The element to render: `span` inside text, `div` for blocks.
   * @default 'span'
   */
  elementType?: 'span' | 'div';
  /**
   * Show the content again while something in it has keyboard focus (a "Skip to content" link).
   * @default false
   */
  isFocusable?: boolean;
  /** An id, so that other elements can point at the text (`aria-describedby`). */
  id?: string;
}

/**
 * Content for screen readers only: React Aria's clip pattern, which keeps the text in the accessibility
 * tree (unlike `display: none`) while it takes no room on screen.
 */
export function VisuallyHidden({ children, elementType = 'span', isFocusable = false, id }: VisuallyHiddenProps) {
  return (
    <AriaVisuallyHidden elementType={elementType} isFocusable={isFocusable} id={id}>
      {children}
    </AriaVisuallyHidden>
  );
}
