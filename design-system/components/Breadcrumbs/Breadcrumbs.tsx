import type { ReactNode } from 'react';
import {
  Breadcrumb as AriaBreadcrumb,
  Breadcrumbs as AriaBreadcrumbs,
  Link as AriaLink,
  type BreadcrumbProps as AriaBreadcrumbProps,
  type BreadcrumbsProps as AriaBreadcrumbsProps,
} from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Icon } from '../Icon/index.ts';
import * as styles from './Breadcrumbs.css.ts';

const messages = defineMessages({
  label: { id: 'ds.breadcrumbs.label', defaultMessage: 'Breadcrumbs' },
});

export interface BreadcrumbsProps<T> extends Omit<AriaBreadcrumbsProps<T>, 'className' | 'style'> {
  /**
   * Names the navigation landmark the trail sits in.
   * @default 'Breadcrumbs'
   */
  'aria-label'?: string;
  /**
   * Text size.
   * @default 'md'
   */
  size?: styles.BreadcrumbsVariants['size'];
}

/**
 * The trail to the current page, in a navigation landmark, over React Aria's Breadcrumbs: the last item is
 * the current page (aria-current="page") and is not a link.
 */
export function Breadcrumbs<T extends object>({ 'aria-label': label, size, ...props }: BreadcrumbsProps<T>) {
  const intl = useIntl();
  return (
    <nav aria-label={label ?? intl.formatMessage(messages.label)}>
      <AriaBreadcrumbs {...props} className={styles.breadcrumbs({ size })} />
    </nav>
  );
}

export interface BreadcrumbProps extends Omit<AriaBreadcrumbProps, 'className' | 'style' | 'children'> {
  /** Where the crumb leads (client-side, through the app's RouterProvider). The current page needs none. */
  href?: string;
  /** The crumb's text. */
  children: ReactNode;
}

/** One step of `Breadcrumbs`. */
export function Breadcrumb({ href, children, ...props }: BreadcrumbProps) {
  return (
    <AriaBreadcrumb {...props} className={styles.breadcrumb}>
      {({ isCurrent }) => (
        <>
          <AriaLink href={href} className={styles.link}>
            {children}
          </AriaLink>
          {!isCurrent && (
            <span className={styles.separator}>
              <Icon name="chevronRight" size="sm" />
            </span>
          )}
        </>
      )}
    </AriaBreadcrumb>
  );
}
