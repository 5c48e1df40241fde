import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router';
import { Link } from '../../design-system/components/Link/index.ts';
import { captureError } from '../shared/error-reporting/index.ts';
import * as styles from './pages.css.ts';

// StrictMode runs effects twice; an error is reported once.
const reported = new WeakSet<object>();

/**
 * The router's error element: a page that threw while rendering is reported (error reporting, issue 19)
 * and replaced by this notice, with focus on it so a screen reader hears what happened.
 */
export function RouteError() {
  const error = useRouteError();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (error && typeof error === 'object') {
      if (reported.has(error)) return;
      reported.add(error);
    }
    captureError(error);
  }, [error]);
  useEffect(() => heading.current?.focus(), []);
  return (
    // Outside the layouts (the page that threw is gone with them): its own main landmark.
    <main className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        <FormattedMessage id="routeError.title" />
      </h1>
      <p>
        <FormattedMessage id="routeError.body" />
      </p>
      <Link href="/">
        <FormattedMessage id="notFound.home" />
      </Link>
    </main>
  );
}
