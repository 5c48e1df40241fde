import { FormattedMessage } from 'react-intl';
import * as styles from './auth.css.ts';
import { LoginForm } from './login-form.tsx';
import { Heading } from '../../../../design-system/index.ts';

/**
 * /login/mobile: the same login form, alone on a compact page, for the mobile app's web view (no site
 * header or footer to wander off through, and no OAuth: providers refuse embedded web views).
 */
export function LoginMobilePage() {
  return (
    <main id="main" tabIndex={-1} className={styles.compactMain}>
      <Heading level={1} size="lg">
        <FormattedMessage id="auth.login.title" />
      </Heading>
      <LoginForm />
    </main>
  );
}
