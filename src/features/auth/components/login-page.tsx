import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../../../design-system/index.ts';
import { AuthPage } from './auth-page.tsx';
import { LoginForm } from './login-form.tsx';
import { OauthButtons, type OauthButtonsProps } from './oauth-buttons.tsx';

const withNext = (path: string, next: string | null) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);

/** /login: e-mail and password, or an OAuth provider; `?next=` is where the user goes once signed in. */
export function LoginPage({ redirect }: Pick<OauthButtonsProps, 'redirect'>) {
  const [params] = useSearchParams();
  const next = params.get('next');
  return (
    <AuthPage
      title={<FormattedMessage id="auth.login.title" />}
      description={<FormattedMessage id="auth.login.description" />}
      aside={
        <FormattedMessage
          id="auth.login.noAccount"
          values={{ link: (text) => <Link href={withNext('/signup', next)}>{text}</Link> }}
        />
      }
    >
      <LoginForm />
      <OauthButtons next={next} redirect={redirect} />
    </AuthPage>
  );
}
