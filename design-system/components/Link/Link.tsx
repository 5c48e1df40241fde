import type { ReactNode } from 'react';
import { Link as AriaLink, VisuallyHidden, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { defineMessages, useIntl } from 'react-intl';
import { Icon } from '../Icon/index.ts';
import { externalIcon, link, type LinkVariants } from './Link.css.ts';

const messages = defineMessages({
  newTab: { id: 'ds.link.newTab', defaultMessage: '(opens in a new tab)' },
});

const ABSOLUTE_HTTP = /^https?:\/\//i;

export interface LinkProps extends Omit<AriaLinkProps, 'className' | 'style' | 'children' | 'target' | 'rel'> {
  /** The link text. */
  children: ReactNode;
  /**
   * Opens the link in a new tab (with `rel="noopener noreferrer"`) and says so: an icon for sighted users
   * and a visually hidden "(opens in a new tab)" for screen readers. Internal hrefs navigate client-side
   * through the app's RouterProvider.
   * @default true for an absolute http(s) href, otherwise false
   */
  isExternal?: boolean;
  /**
   * inline for links in running text (always underlined), standalone for links on their own.
   * @default 'inline'
   */
  variant?: LinkVariants['variant'];
}

/** A link over React Aria's: client-side routing, focus ring and disabled state come from React Aria. */
export function Link({ children, isExternal, variant, ...props }: LinkProps) {
  const intl = useIntl();
  const external = isExternal ?? (typeof props.href === 'string' && ABSOLUTE_HTTP.test(props.href));
  if (!external) {
    return (
      <AriaLink {...props} className={link({ variant })}>
        {children}
      </AriaLink>
    );
  }
  return (
    <AriaLink {...props} target="_blank" rel="noopener noreferrer" className={link({ variant })}>
      {children}
      {/* A span: a link sits in running text, and a <div> inside a <p> is closed off by the HTML parser (a
          prerendered page would then not hydrate). */}
      <VisuallyHidden elementType="span"> {intl.formatMessage(messages.newTab)}</VisuallyHidden>
      <span className={externalIcon}>
        <Icon name="externalLink" size="sm" />
      </span>
    </AriaLink>
  );
}
