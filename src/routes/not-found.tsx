import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../design-system/components/Link/index.ts';
import * as styles from './pages.css.ts';

/** The catch-all page: says which address has nothing, and moves focus to that news. */
export function NotFound() {
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [pathname]);
  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        <FormattedMessage id="notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="notFound.body" values={{ path: <code>{pathname}</code> }} />
      </p>
      <Link href="/">
        <FormattedMessage id="notFound.home" />
      </Link>
    </div>
  );
}
