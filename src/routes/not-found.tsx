import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { Link } from '../../design-system/components/Link/index.ts';
import { useSession } from '../machines/index.ts';
import * as styles from './pages.css.ts';

/** The catch-all page: says which address has nothing, and moves focus to that news. */
export function NotFound() {
  const { pathname } = useLocation();
  const { loadingGlobal } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  // While the session is restored the app is inert under its loader and cannot take focus: focus once it is not.
  useEffect(() => {
    if (!loadingGlobal) heading.current?.focus();
  }, [pathname, loadingGlobal]);
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
