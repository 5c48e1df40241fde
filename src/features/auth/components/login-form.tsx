import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Form, Link, PasswordField, TextField } from '../../../../design-system/index.ts';
import { ApiError, useApi } from '../../../api/index.ts';
import { useSession } from '../../../machines/index.ts';
import { login } from '../api/auth-api.ts';
import { asksForBotCheck } from '../form-errors.ts';
import { validateEmail } from '../validation.ts';
import { botCheckSiteKey as pageSiteKey, useBotCheck } from './bot-check.tsx';
import { FormAlert } from './form-alert.tsx';
import { useFormSubmit } from './use-form-submit.ts';
import type { MessageId } from '../../../i18n/index.ts';

const RULES = {
  fields: { email: 'auth.validation.email' },
  statuses: { 401: { message: 'auth.login.wrongCredentials', invalidFields: ['email', 'password'] } },
} as const;

export interface LoginFormProps {
  /**
   * The bot check's site key, for when the server asks for it; null: the page cannot show it.
   * @default the page's turnstile-site-key (or VITE_TURNSTILE_SITE_KEY)
   */
  botCheckSiteKey?: string | null;
}

/**
 * E-mail and password. On success the session takes the answer; the login route's guard then goes on to
 * `next` (or home). A wrong password and rate limits are said for the whole form, a malformed e-mail at
 * its field. After many failed attempts on the account the server asks for the bot check (422,
 * captcha_required): its widget then shows and its token goes with every later try.
 */
export function LoginForm({ botCheckSiteKey }: LoginFormProps) {
  const intl = useIntl();
  const api = useApi();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const siteKey = botCheckSiteKey === undefined ? pageSiteKey() : botCheckSiteKey;
  const [asked, setAsked] = useState(false);
  const botCheck = useBotCheck(asked ? siteKey : null);
  const { submit, isPending, fieldErrors, formError, invalidFields, attempt } = useFormSubmit(
    { ...RULES, botCheck: siteKey ? 'auth.login.botCheckNeeded' : 'auth.login.botCheckUnavailable' },
    (answer: Awaited<ReturnType<typeof login>>) => session.send({ type: 'session.login', session: answer }),
  );
  const message = (id: MessageId | null) => (id ? intl.formatMessage({ id }) : null);
  const withBotCheck = asked && siteKey !== null;
  const alertId = useId();
  // A refused sign-in is about both fields: each is marked invalid and described by the form's message.
  const refusedAt = (field: string) =>
    formError && invalidFields.includes(field) ? { isInvalid: true, 'aria-describedby': alertId } : {};

  return (
    <Form
      aria-label={intl.formatMessage({ id: 'auth.login.formLabel' })}
      validationErrors={fieldErrors}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(async () => {
          if (withBotCheck && !botCheck.token) {
            // The widget has no token yet: the same answer the server gives a missing one.
            throw new ApiError({ statusCode: 422, detail: '', body: null, field: 'body/captcha_token' });
          }
          try {
            return await login(api, {
              email: email.trim(),
              password,
              ...(withBotCheck && botCheck.token ? { captcha_token: botCheck.token } : {}),
            });
          } catch (error) {
            if (asksForBotCheck(error)) setAsked(true);
            // A Turnstile token is good for one try.
            if (withBotCheck) botCheck.reset();
            throw error;
          }
        });
      }}
    >
      <FormAlert id={alertId} message={formError} attempt={attempt} />
      <TextField
        name="email"
        type="email"
        label={intl.formatMessage({ id: 'auth.field.email' })}
        autoComplete="email"
        isRequired
        value={email}
        onChange={setEmail}
        validate={(value) => message(validateEmail(value))}
        {...refusedAt('email')}
      />
      <PasswordField
        name="password"
        label={intl.formatMessage({ id: 'auth.field.password' })}
        autoComplete="current-password"
        isRequired
        maxLength={32}
        value={password}
        onChange={setPassword}
        {...refusedAt('password')}
      />
      {botCheck.widget}
      <Link href="/forgot-password">
        <FormattedMessage id="auth.login.forgotPassword" />
      </Link>
      <Button type="submit" isPending={isPending}>
        <FormattedMessage id="auth.login.submit" />
      </Button>
    </Form>
  );
}
