import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { AuthLayout, Inline, Link } from '../../../../design-system/index.ts';

export interface AuthPageProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}

/** A sign-in page in the AuthLayout, with the footer every sign-in page shares. */
export function AuthPage({ title, description, children, aside }: AuthPageProps) {
  return (
    <AuthLayout
      title={title}
      description={description}
      aside={aside}
      footer={
        <Inline as="span" gap="lg" align="center">
          <Link href="/terms-of-use">
            <FormattedMessage id="auth.footer.terms" />
          </Link>
          <Link href="/aup">
            <FormattedMessage id="auth.footer.aup" />
          </Link>
          <span>
            <FormattedMessage id="auth.footer.copyright" values={{ year: new Date().getFullYear() }} />
          </span>
        </Inline>
      }
    >
      {children}
    </AuthLayout>
  );
}
