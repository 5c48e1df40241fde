import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { announce, Button, Icon, Inline, Text } from '../../../../design-system/index.ts';
import { isApiError, useApi } from '../../../api/index.ts';
import { failureMessage, useSession } from '../../../machines/index.ts';
import { resendVerificationEmail } from '../api/auth-api.ts';
import { AuthPage } from './auth-page.tsx';
import * as styles from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';

/**
 * /unverified: the signed-in user whose e-mail is not verified yet. They can have the e-mail sent again,
 * or log out. A 409 means the address was verified meanwhile: the session is restored and the guards let
 * them in.
 */
export function UnverifiedPage() {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<{ message: string; attempt: number } | null>(null);

  const resend = async () => {
    setPending(true);
    setError(null);
    try {
      await resendVerificationEmail(api);
      setSent((n) => n + 1);
      announce(intl.formatMessage({ id: 'auth.unverified.sent' }));
    } catch (reason) {
      if (isApiError(reason) && reason.statusCode === 409) {
        session.send({ type: 'session.restore' });
        return;
      }
      setError((previous) => ({ message: failureMessage(reason), attempt: (previous?.attempt ?? 0) + 1 }));
    } finally {
      setPending(false);
    }
  };

  const leaving = session.status === 'signingOut';
  return (
    <AuthPage
      title={<FormattedMessage id="auth.unverified.title" />}
      description={
        session.user ? (
          <FormattedMessage
            id="auth.unverified.description"
            values={{ email: <strong>{session.user.email}</strong> }}
          />
        ) : undefined
      }
    >
      {sent > 0 && (
        <p key={sent} className={styles.success}>
          <Icon name="success" size="sm" />
          <FormattedMessage id="auth.unverified.sent" />
        </p>
      )}
      <FormAlert message={error?.message ?? null} attempt={error?.attempt ?? 0} />
      <Text tone="muted" size="sm">
        <FormattedMessage id="auth.unverified.spam" />
      </Text>
      <Inline gap="md" align="center">
        <Button onPress={() => void resend()} isPending={pending} isDisabled={leaving}>
          <FormattedMessage id="auth.unverified.resend" />
        </Button>
        <Button variant="secondary" isPending={leaving} onPress={() => session.send({ type: 'session.logout' })}>
          <FormattedMessage id="auth.logout" />
        </Button>
      </Inline>
    </AuthPage>
  );
}
