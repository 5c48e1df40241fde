import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import * as styles from './pages.css.ts';

/** Home for guests. */
export function Landing() {
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.title}>
        <FormattedMessage id="landing.title" />
      </h1>
      <p className={styles.lead}>
        <FormattedMessage id="landing.lead" />
      </p>
      <nav aria-label="Get started" className={styles.actions}>
        <Link to="/signup" className={styles.primaryLink}>
          <FormattedMessage id="landing.tryForFree" />
        </Link>
        <Link to="/login" className={styles.secondaryLink}>
          <FormattedMessage id="landing.logIn" />
        </Link>
      </nav>
    </main>
  );
}
