import { createElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import type { space } from '../../../theme/tokens.ts';

/** A step of the space scale (`vars.space`). */
export type Space = keyof typeof space;

/**
 * The DOM attributes a layout primitive passes on (id, role, aria-*, event handlers). No `className` and no
 * `style`: a primitive's look comes from its props, so every page spaces and colours things the same way.
 */
export type BoxAttributes = Omit<HTMLAttributes<HTMLElement>, 'className' | 'style' | 'color' | 'children'> & {
  /** A ref to the rendered element. */
  ref?: Ref<HTMLElement>;
};

const alignments = {
  stretch: 'stretch',
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  baseline: 'baseline',
} as const;
export type Alignment = keyof typeof alignments;
/** A primitive's `align` in flexbox terms. */
export const flexAlign = <A extends Alignment>(align: A | undefined) =>
  align === undefined ? undefined : alignments[align];

/** Renders `as` with the attributes and the primitive's class names. */
export function box(as: string, className: string, attributes: BoxAttributes, children: ReactNode) {
  return createElement(as, { ...attributes, className }, children);
}
