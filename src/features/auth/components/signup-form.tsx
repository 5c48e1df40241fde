import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { addToast, Button, Checkbox, Form, Inline, PasswordField, TextField } from '../../../../design-system/index.ts';
import { ApiError, useApi } from '../../../api/index.ts';
import { browserStorage, failureMessage, readStoredPromo, useSession } from '../../../machines/index.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';
import { reportConversion } from '../../../shared/consent/conversion.ts';
import { EXPLORER } from '../../../shared/price-list.ts';
import { acceptTermsOfUse, signup } from '../api/auth-api.ts';
import { validateEmail, validatePassword, validatePersonName } from '../validation.ts';
import { useBotCheck } from './bot-check.tsx';
import { FormAlert } from './form-alert.tsx';
import { useFormSubmit } from './use-form-submit.ts';
import type { MessageId } from '../../../i18n/index.ts';

const RULES = {
  fields: {
    first_name: 'auth.validation.name',
    last_name: 'auth.validation.name',
    email: 'auth.validation.email',
    password: 'auth.validation.password',
  },
  statuses: { 409: { field: 'email', message: 'auth.signup.emailTaken' } },
} as const;

export interface SignupFormProps {
  /**
   * The bot check's site key; null turns it off.
   * @default VITE_TURNSTILE_SITE_KEY
   */
  botCheckSiteKey?: string | null;
}

/**
 * First and last name, e-mail, password, the terms and the free trial (offered, ticked). Sends the stored promo
 * code with the sign-up; the session then thanks the user and shows what became of the code. A taken e-mail is said at its field.
 */
export function SignupForm({ botCheckSiteKey }: SignupFormProps) {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const botCheck = useBotCheck(botCheckSiteKey);
  const [values, setValues] = useState({ first_name: '', last_name: '', email: '', password: '' });
  const [terms, setTerms] = useState(false);
  // "Try For Free": the trial starts with the account unless the user unticks it (an extended-trial promo
  // code starts it whatever this says).
  const [trial, setTrial] = useState(true);
  const set = (name: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const message = (id: MessageId | null) => (id ? intl.formatMessage({ id }) : null);

  const { submit, isPending, fieldErrors, formError, attempt } = useFormSubmit(
    RULES,
    (result: Awaited<ReturnType<typeof signup>>) => {
      // While still a guest on /signup: a consenting visitor's conversion (nothing is reported once signed in).
      reportConversion('sign_up');
      session.send({ type: 'session.signup', result });
      trackUsage('sign_up');
      if (trial) trackUsage('trial_started', { via: 'signup' });
      // The session now holds the CSRF token the terms call needs.
      acceptTermsOfUse(api).then(
        (user) => session.send({ type: 'session.userUpdated', user }),
        (error: unknown) =>
          addToast({
            message: intl.formatMessage({ id: 'auth.signup.termsNotSaved' }, { reason: failureMessage(error) }),
            severity: 'warning',
          }),
      );
    },
  );

  return (
    <Form
      aria-label={intl.formatMessage({ id: 'auth.signup.formLabel' })}
      validationErrors={fieldErrors}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(async () => {
          if (!botCheck.token) {
            // The widget has no token yet: the same answer the server gives a missing one.
            throw new ApiError({ statusCode: 422, detail: '', body: null, field: 'body/captcha_token' });
          }
          const promo = readStoredPromo(browserStorage());
          try {
            return await signup(api, {
              first_name: values.first_name,
              last_name: values.last_name,
              email: values.email.trim(),
              password: values.password,
              captcha_token: botCheck.token,
              start_trial: trial,
              ...(promo ? { promo_code: promo.code } : {}),
            });
          } catch (error) {
            botCheck.reset();
            throw error;
          }
        });
      }}
    >
      <FormAlert message={formError} attempt={attempt} />
      <Inline gap="md" align="center">
        <TextField
          name="first_name"
          label={intl.formatMessage({ id: 'auth.field.firstName' })}
          autoComplete="given-name"
          isRequired
          maxLength={20}
          value={values.first_name}
          onChange={set('first_name')}
          validate={(value) => message(validatePersonName(value))}
        />
        <TextField
          name="last_name"
          label={intl.formatMessage({ id: 'auth.field.lastName' })}
          autoComplete="family-name"
          isRequired
          maxLength={20}
          value={values.last_name}
          onChange={set('last_name')}
          validate={(value) => message(validatePersonName(value))}
        />
      </Inline>
      <TextField
        name="email"
        type="email"
        label={intl.formatMessage({ id: 'auth.field.email' })}
        autoComplete="email"
        isRequired
        value={values.email}
        onChange={set('email')}
        validate={(value) => message(validateEmail(value))}
      />
      <PasswordField
        name="password"
        label={intl.formatMessage({ id: 'auth.field.password' })}
        description={intl.formatMessage({ id: 'auth.field.passwordRules' })}
        autoComplete="new-password"
        isRequired
        maxLength={32}
        value={values.password}
        onChange={set('password')}
        validate={(value) => message(validatePassword(value))}
      />
      <Checkbox name="terms" isRequired isSelected={terms} onChange={setTerms}>
        <FormattedMessage id="auth.signup.terms" />
      </Checkbox>
      <Checkbox
        name="start_trial"
        isSelected={trial}
        onChange={setTrial}
        description={intl.formatMessage({ id: 'auth.signup.trialHint' })}
      >
        <FormattedMessage id="auth.signup.trial" values={{ days: EXPLORER.days }} />
      </Checkbox>
      {botCheck.widget}
      <Button type="submit" isPending={isPending}>
        <FormattedMessage id="auth.signup.submit" />
      </Button>
    </Form>
  );
}
