import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Disclosure as AriaDisclosure,
  DisclosurePanel,
  Heading,
  type DisclosureProps as AriaDisclosureProps,
} from 'react-aria-components';
import { Icon } from '../Icon/index.ts';
import * as styles from './Disclosure.css.ts';

export interface DisclosureProps extends Omit<AriaDisclosureProps, 'className' | 'style' | 'children'> {
  /** The heading's text: the button that shows and hides the content. */
  title: ReactNode;
  /** The content shown when expanded. */
  children: ReactNode;
  /**
   * The heading level of the title, to fit the page's outline.
   * @default 3
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  /**
   * standalone has its own border; inGroup is for an `Accordion`.
   * @default 'standalone'
   */
  variant?: styles.DisclosureVariants['variant'];
}

/**
 * A heading whose button shows and hides a panel, over React Aria's Disclosure (aria-expanded and
 * aria-controls from React Aria; Enter or Space toggles).
 */
export function Disclosure({ title, children, headingLevel = 3, variant, ...props }: DisclosureProps) {
  return (
    <AriaDisclosure {...props} className={styles.disclosure({ variant })}>
      <Heading level={headingLevel} className={styles.heading}>
        <AriaButton slot="trigger" className={styles.trigger}>
          <span className={styles.chevron}>
            <Icon name="chevronDown" />
          </span>
          {title}
        </AriaButton>
      </Heading>
      <DisclosurePanel className={styles.panel}>{children}</DisclosurePanel>
    </AriaDisclosure>
  );
}
