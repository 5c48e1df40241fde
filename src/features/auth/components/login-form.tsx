import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Form, Link, PasswordField, TextField } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { useSession } from '../../../machines/index.ts';
import { login } from '../api/auth-api.ts';
import { validateEmail } from '../validation.ts';
import { FormAlert } from './form-alert.tsx';
import { useFormSubmit } from './use-form-submit.ts';

const RULES = {
  fields: { email: 'auth.validation.email' },
  statuses: { 401: 'auth.login.wrongCredentials' },
} as const;

/**
 * E-mail and password. On success the session takes the answer; the login route's guard then goes on to
 * `next` (or home). A wrong password and rate limits are said for the whole form, a malformed e-mail at
 * its field.
 */
export function LoginForm() {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, isPending, fieldErrors, formError, attempt } = useFormSubmit(
    RULES,
    (answer: Awaited<ReturnType<typeof login>>) => session.send({ type: 'session.login', session: answer }),
  );
  const message = (id: string | null) => (id ? intl.formatMessage({ id }) : null);

  return (
    <Form
      aria-label={intl.formatMessage({ id: 'auth.login.formLabel' })}
      validationErrors={fieldErrors}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(() => login(api, { email: email.trim(), password }));
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
        validate={(value) => message(validateEmail(value))}
      />
      <PasswordField
        name="password"
        label={intl.formatMessage({ id: 'auth.field.password' })}
        autoComplete="current-password"
        isRequired
        maxLength={32}
        value={password}
        onChange={setPassword}
      />
      <Link href="/forgot-password">
        <FormattedMessage id="auth.login.forgotPassword" />
      </Link>
      <Button type="submit" isPending={isPending}>
        <FormattedMessage id="auth.login.submit" />
      </Button>
    </Form>
  );
}
