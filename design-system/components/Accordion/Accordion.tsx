import type { ReactNode } from 'react';
import { DisclosureGroup, type DisclosureGroupProps } from 'react-aria-components';
import { accordion, type AccordionVariants } from './Accordion.css.ts';

export interface AccordionProps extends Omit<DisclosureGroupProps, 'className' | 'style' | 'children'> {
  /** `Disclosure`s with `variant="inGroup"`, each with an `id`. */
  children: ReactNode;
  /**
   * Lets more than one section stay open; otherwise opening one closes the others.
   * @default false
   */
  allowsMultipleExpanded?: boolean;
  /**
   * full spans its container; auto fits its content.
   * @default 'full'
   */
  width?: AccordionVariants['width'];
}

/** A group of disclosures (the FAQ), over React Aria's DisclosureGroup. */
export function Accordion({ width, ...props }: AccordionProps) {
  return <DisclosureGroup {...props} className={accordion({ width })} />;
}
