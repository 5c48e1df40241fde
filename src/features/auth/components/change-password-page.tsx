import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import { announce, Button, Form, Link, PasswordField, Stack } from '../../../../design-system/index.ts';
import { useApi } from '../../../api/index.ts';
import { changePassword } from '../api/auth-api.ts';
import { validatePassword, validateRepeat } from '../validation.ts';
import { AuthPage } from './auth-page.tsx';
import * as styles from './auth.css.ts';
import { FormAlert } from './form-alert.tsx';
import { useFormSubmit } from './use-form-submit.ts';
import type { MessageId } from '../../../i18n/index.ts';

const RULES = {
  fields: { password: 'auth.validation.password' },
  statuses: { 404: 'auth.changePassword.expired' },
} as const;

/** /change-password/{changePasswordId}: the new password, twice, from the link in the reset e-mail. */
export function ChangePasswordPage() {
  const intl = useIntl();
  const api = useApi();
  const navigate = useNavigate();
  const { changePasswordId = '' } = useParams();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const message = (id: MessageId | null) => (id ? intl.formatMessage({ id }) : null);
  const { submit, isPending, fieldErrors, formError, attempt } = useFormSubmit(RULES, () => {
    announce(intl.formatMessage({ id: 'auth.changePassword.success' }));
    void navigate('/change-password-success');
  });
  return (
    <AuthPage
      title={<FormattedMessage id="auth.changePassword.title" />}
      description={<FormattedMessage id="auth.changePassword.description" />}
      aside={
        <Link href="/forgot-password">
          <FormattedMessage id="auth.changePassword.newLink" />
        </Link>
      }
    >
      <Form
        aria-label={intl.formatMessage({ id: 'auth.changePassword.title' })}
        validationErrors={fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          void submit(() => changePassword(api, changePasswordId, password));
        }}
      >
        <FormAlert message={formError} attempt={attempt} />
        <PasswordField
          name="password"
          label={intl.formatMessage({ id: 'auth.field.newPassword' })}
          description={intl.formatMessage({ id: 'auth.field.passwordRules' })}
          autoComplete="new-password"
          isRequired
          maxLength={32}
          value={password}
          onChange={setPassword}
          validate={(value) => message(validatePassword(value))}
        />
        <PasswordField
          name="repeat"
          label={intl.formatMessage({ id: 'auth.field.repeatPassword' })}
          autoComplete="new-password"
          isRequired
          maxLength={32}
          value={repeat}
          onChange={setRepeat}
          validate={(value) => message(validateRepeat(password)(value))}
        />
        <Stack gap="md">
          <Button type="submit" isPending={isPending}>
            <FormattedMessage id="auth.changePassword.submit" />
          </Button>
        </Stack>
      </Form>
    </AuthPage>
  );
}

/** /change-password-success: SPEC.md section 8's message, and the way to log in with the new password. */
export function ChangePasswordSuccessPage() {
  return (
    <AuthPage
      title={<FormattedMessage id="auth.changePasswordSuccess.title" />}
      aside={
        <Link href="/login">
          <FormattedMessage id="auth.login.title" />
        </Link>
      }
    >
      <p className={styles.success}>
        <FormattedMessage id="auth.changePassword.success" />
      </p>
    </AuthPage>
  );
}
