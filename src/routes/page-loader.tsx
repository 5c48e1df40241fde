import { useIntl } from 'react-intl';
import { Spinner } from '../../design-system/index.ts';
import * as styles from './pages.css.ts';

/** A page's place while the session is restored, for pages outside the app layout (which has its own loader). */
export function PageLoader() {
  const intl = useIntl();
  return (
    <main id="main" tabIndex={-1} aria-busy="true" className={styles.loader}>
      <Spinner size="lg" label={intl.formatMessage({ id: 'shell.loading' })} showLabel />
    </main>
  );
}
