import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { ButtonLink, Icon, Spinner } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { browserStorage, clearNextRoute, failureMessage, readNextRoute, useSession } from '../../../machines/index.ts';
import { isOauthProvider, oauthLogin } from '../api/auth-api.ts';
import { AuthPage } from './auth-page.tsx';
import * as styles from './auth.css.ts';
import { useOnce } from './use-once.ts';

/** Where a signed-in user goes after a sign-in that left the app (OAuth, /auth-redirect). */
export const LOGIN_REDIRECT_PATH = '/login-redirect';

function Working({ label }: { label: string }) {
  return (
    <div role="status">
      <Spinner size="sm" label={label} showLabel />
    </div>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <>
      <p role="alert" className={styles.alert}>
        <Icon name="error" size="sm" />
        <span>{message}</span>
      </p>
      <ButtonLink href="/login">
        <FormattedMessage id="auth.backToLogin" />
      </ButtonLink>
    </>
  );
}

/**
 * /auth-redirect/{csrfToken}: a sign-in that happened elsewhere (the server, the mobile app) hands over its
 * CSRF token. It is stored, the session is restored with it, and the user goes on through /login-redirect.
 */
export function AuthRedirectPage() {
  const intl = useIntl();
  const { csrfToken = '' } = useParams();
  const session = useSession();
  const [started, setStarted] = useState(false);
  useOnce(csrfToken, () => {
    session.send({ type: 'session.restore', csrfToken });
    setStarted(true);
  });
  const title = <FormattedMessage id="auth.redirect.title" />;
  if (!started || session.status === 'checking') {
    return (
      <AuthPage title={title}>
        <Working label={intl.formatMessage({ id: 'auth.redirect.signingIn' })} />
      </AuthPage>
    );
  }
  if (session.status === 'guest') {
    return (
      <AuthPage title={title}>
        <Failure message={intl.formatMessage({ id: 'auth.redirect.failed' })} />
      </AuthPage>
    );
  }
  return <Navigate to={LOGIN_REDIRECT_PATH} replace />;
}

type OauthOutcome = { state: 'working' } | { state: 'done' } | { state: 'failed'; message: string };

/**
 * /oauth2/{provider}: the provider sends the browser back here with code and state; they go to
 * oauthLogin, and the user is signed in (SPEC.md section 8: a failure shows the answer's detail).
 */
export function OauthCallbackPage() {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const { provider = '' } = useParams();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error_description') ?? params.get('error');
  const [outcome, setOutcome] = useState<OauthOutcome>({ state: 'working' });

  useOnce(`${provider}:${code}:${state}`, () => {
    if (!isOauthProvider(provider)) {
      setOutcome({ state: 'failed', message: intl.formatMessage({ id: 'auth.oauth.unknownProvider' }) });
      return;
    }
    if (!code || !state) {
      setOutcome({
        state: 'failed',
        message: providerError ?? intl.formatMessage({ id: 'auth.oauth.cancelled' }),
      });
      return;
    }
    oauthLogin(api, provider, code, state).then(
      (answer) => {
        session.send({ type: 'session.login', session: answer });
        setOutcome({ state: 'done' });
      },
      (error: unknown) => setOutcome({ state: 'failed', message: failureMessage(error) }),
    );
  });

  const title = <FormattedMessage id="auth.oauth.title" />;
  if (outcome.state === 'done') return <Navigate to={LOGIN_REDIRECT_PATH} replace />;
  return (
    <AuthPage title={title}>
      {outcome.state === 'working' ? (
        <Working label={intl.formatMessage({ id: 'auth.redirect.signingIn' })} />
      ) : (
        <Failure message={outcome.message} />
      )}
    </AuthPage>
  );
}

/** /login-redirect: on to the route remembered before leaving the app to sign in, or home. */
export function LoginRedirectPage() {
  const intl = useIntl();
  const session = useSession();
  const storage = browserStorage();
  const next = readNextRoute(storage);
  const arrived = session.status !== 'checking' && session.status !== 'guest';
  useEffect(() => {
    if (arrived) clearNextRoute(storage);
  }, [arrived, storage]);
  if (session.status === 'checking') {
    return (
      <AuthPage title={<FormattedMessage id="auth.redirect.title" />}>
        <Working label={intl.formatMessage({ id: 'auth.redirect.signingIn' })} />
      </AuthPage>
    );
  }
  if (session.status === 'guest') {
    return <Navigate to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} replace />;
  }
  return <Navigate to={next ?? '/'} replace />;
}
