import type { MouseEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { skipLink } from './shared.css.ts';

const messages = defineMessages({
  skip: { id: 'ds.layout.skipToMain', defaultMessage: 'Skip to main content' },
});

export interface SkipLinkProps {
  /** The id of the element to move focus to (it needs `tabIndex={-1}`). */
  targetId: string;
}

/**
 * The first stop of the tab order: hidden until focused, it moves focus to the main content. It focuses the
 * target itself instead of following `#main`, so the router sees no URL change and the address stays clean.
 */
export function SkipLink({ targetId }: SkipLinkProps) {
  const intl = useIntl();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${targetId}`} className={skipLink} onClick={onClick}>
      {intl.formatMessage(messages.skip)}
    </a>
  );
}
