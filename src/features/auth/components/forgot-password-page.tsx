import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { Button, Form, Link, Stack, Text, TextField } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { forgotPassword } from '../api/auth-api.ts';
import { validateEmail } from '../validation.ts';
import { AuthPage } from './auth-page.tsx';
import { FormAlert } from './form-alert.tsx';
import { useFormSubmit } from './use-form-submit.ts';

const RULES = { fields: { email: 'auth.validation.email' } } as const;

/** /forgot-password: the e-mail address to send a password-reset link to. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const { submit, isPending, fieldErrors, formError, attempt } = useFormSubmit(RULES, () =>
    navigate('/forgot-password-email-sent'),
  );
  return (
    <AuthPage
      title={<FormattedMessage id="auth.forgot.title" />}
      description={<FormattedMessage id="auth.forgot.description" />}
      aside={
        <Link href="/login">
          <FormattedMessage id="auth.backToLogin" />
        </Link>
      }
    >
      <Form
        aria-label={intl.formatMessage({ id: 'auth.forgot.title' })}
        validationErrors={fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          void submit(() => forgotPassword(api, email.trim()));
        }}
      >
        <FormAlert message={formError} attempt={attempt} />
        <TextField
          name="email"
          type="email"
          label={intl.formatMessage({ id: 'auth.field.email' })}
          autoComplete="email"
          isRequired
          value={email}
          onChange={setEmail}
          validate={(value) => {
            const id = validateEmail(value);
            return id ? intl.formatMessage({ id }) : null;
          }}
        />
        <Stack gap="md">
          <Button type="submit" isPending={isPending}>
            <FormattedMessage id="auth.forgot.submit" />
          </Button>
        </Stack>
      </Form>
    </AuthPage>
  );
}

/** /forgot-password-email-sent: the answer, which never says whether the address has an account. */
export function ForgotPasswordEmailSentPage() {
  return (
    <AuthPage
      title={<FormattedMessage id="auth.forgotSent.title" />}
      aside={
        <Link href="/login">
          <FormattedMessage id="auth.backToLogin" />
        </Link>
      }
    >
      <Text>
        <FormattedMessage id="auth.forgotSent.body" />
      </Text>
      <Text tone="muted" size="sm">
        <FormattedMessage
          id="auth.forgotSent.again"
          values={{ link: (text) => <Link href="/forgot-password">{text}</Link> }}
        />
      </Text>
    </AuthPage>
  );
}
