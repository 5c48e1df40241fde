import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { ButtonLink, Icon, Link, Spinner, Stack } from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { failureMessage, useSession } from '../../../machines/index.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';
import { verifyEmail } from '../api/auth-api.ts';
import { AuthPage } from './auth-page.tsx';
import * as styles from './auth.css.ts';
import { useOnce } from './use-once.ts';

type Outcome = { state: 'verifying' } | { state: 'verified' } | { state: 'failed'; message: string };

/**
 * /verify/email/{userId}/{token}: checks the link from the verification e-mail and says how it went. A signed-in
 * user's session is restored afterwards, so the app lets them in.
 */
export function VerifyEmailPage() {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const { userId = '', token = '' } = useParams();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'verifying' });

  useOnce(`${userId}/${token}`, () => {
    verifyEmail(api, userId, token).then(
      () => {
        setOutcome({ state: 'verified' });
        trackUsage('verified');
        if (session.status !== 'guest') session.send({ type: 'session.restore' });
      },
      (error: unknown) =>
        setOutcome({
          state: 'failed',
          message:
            isApiError(error) && (error.statusCode === 404 || error.statusCode === 422)
              ? intl.formatMessage({ id: 'auth.verify.invalidLink' })
              : failureMessage(error),
        }),
    );
  });

  const signedIn = session.user !== null;
  return (
    <AuthPage title={<FormattedMessage id="auth.verify.title" />}>
      {/* One live region from the start, so the outcome is read as it replaces "Verifying…". */}
      <Stack gap="md" role="status">
        {outcome.state === 'verifying' && (
          <Spinner size="sm" label={intl.formatMessage({ id: 'auth.verify.verifying' })} showLabel />
        )}
        {outcome.state === 'verified' && (
          <p className={styles.success}>
            <Icon name="success" size="sm" />
            <FormattedMessage id="auth.verify.success" />
          </p>
        )}
        {outcome.state === 'failed' && (
          <p className={styles.alert}>
            <Icon name="error" size="sm" />
            <span>
              <FormattedMessage id="auth.verify.failure" values={{ reason: outcome.message }} />
            </span>
          </p>
        )}
      </Stack>
      {outcome.state === 'verified' && (
        <ButtonLink href={signedIn ? '/' : '/login'}>
          <FormattedMessage id={signedIn ? 'auth.verify.continue' : 'auth.login.title'} />
        </ButtonLink>
      )}
      {outcome.state === 'failed' &&
        (signedIn ? (
          <Link href="/unverified">
            <FormattedMessage id="auth.verify.getNewLink" />
          </Link>
        ) : (
          <Link href="/login?next=%2Funverified">
            <FormattedMessage id="auth.verify.logInForNewLink" />
          </Link>
        ))}
    </AuthPage>
  );
}
