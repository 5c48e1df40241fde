import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { Link } from '../../../../design-system/index.ts';
import { AuthPage } from './auth-page.tsx';
import { OauthButtons, type OauthButtonsProps } from './oauth-buttons.tsx';
import { SignupForm, type SignupFormProps } from './signup-form.tsx';

/** /signup: the free account, by e-mail or with an OAuth provider. */
export function SignupPage({ redirect, botCheckSiteKey }: Pick<OauthButtonsProps, 'redirect'> & SignupFormProps) {
  const [params] = useSearchParams();
  const next = params.get('next');
  return (
    <AuthPage
      title={<FormattedMessage id="auth.signup.title" />}
      description={<FormattedMessage id="auth.signup.description" />}
      aside={
        <FormattedMessage
          id="auth.signup.haveAccount"
          values={{
            link: (text) => <Link href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>{text}</Link>,
          }}
        />
      }
    >
      <SignupForm botCheckSiteKey={botCheckSiteKey} />
      <OauthButtons next={next} redirect={redirect} />
    </AuthPage>
  );
}
