import type { ReactNode } from 'react';
import { Separator, Toolbar as AriaToolbar, type ToolbarProps as AriaToolbarProps } from 'react-aria-components';
import * as styles from './Toolbar.css.ts';

export interface ToolbarProps extends Omit<AriaToolbarProps, 'className' | 'style' | 'children'> {
  /** Buttons, toggle buttons, links and `ToolbarSeparator`s. */
  children: ReactNode;
  /** Names the toolbar for screen readers ("Player"); required unless `aria-labelledby` is given. */
  'aria-label'?: string;
  /**
   * Tools in a row or a column; arrow keys follow.
   * @default 'horizontal'
   */
  orientation?: 'horizontal' | 'vertical';
  /**
   * framed draws a surface behind the tools.
   * @default 'plain'
   */
  variant?: styles.ToolbarVariants['variant'];
}

/**
 * A toolbar over React Aria's: one Tab stop for the whole group, arrow keys move between its tools.
 */
export function Toolbar({ variant, ...props }: ToolbarProps) {
  return <AriaToolbar {...props} className={styles.toolbar({ variant })} />;
}

/** A line between groups of tools. */
export function ToolbarSeparator() {
  return <Separator orientation="vertical" className={styles.separator} />;
}
