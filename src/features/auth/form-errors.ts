import { isApiError } from '../../api/index.ts';
import { t, type MessageId } from '../../i18n/index.ts';
import { failureMessage, tooManyAttempts } from '../../machines/index.ts';

/** What a failed form submit shows: errors at fields (by field name) and a message for the whole form. */
export interface FormFailure {
  fieldErrors: Record<string, string>;
  formError: string | null;
  /**
   * Fields the form's message is about (a wrong e-mail or password): marked invalid and described by the
   * message, which is said as an alert but is at no field of its own.
   */
  invalidFields?: readonly string[];
}

export interface FailureRules {
  /** The form's fields: a 422 naming one of them (`body/<name>`) shows that field's rule at it. */
  fields?: Partial<Record<string, MessageId>>;
  /**
   * What a status means for this form: a message for the form, for one field, or for the form about some
   * of its fields (`invalidFields`, the login's 401: the e-mail and password do not match).
   */
  statuses?: Partial<
    Record<
      number,
      MessageId | { field: string; message: MessageId } | { message: MessageId; invalidFields: readonly string[] }
    >
  >;
  /** The form's message when the server asks for (or refused) the bot check. Default auth.error.botCheck. */
  botCheck?: MessageId;
}

/** A 422 asking for the bot check before the call can go on (a login to an account with many failed attempts). */
export function asksForBotCheck(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.statusCode === 422 &&
    (error.body as { captcha_required?: unknown } | null | undefined)?.captcha_required === true
  );
}

/** The field a 422's `field` names ("body/email" → "email"). */
export function fieldOf(location: string | undefined): string | null {
  const match = location?.match(/^body\/([A-Za-z0-9_]+)/);
  return match ? match[1]! : null;
}

/**
 * Turns what a call rejected with into what the form shows (SPEC.md section 8): a 429 waits in minutes;
 * statuses this form knows (a 401 wrong password, a 409 duplicate e-mail, a 404 expired link) say what
 * happened, at a field or for the form; a 422 naming a field of the form shows that field's rule there;
 * anything else shows the server's detail, and a network failure says so.
 */
export function formFailure(error: unknown, rules: FailureRules = {}): FormFailure {
  const none: FormFailure = { fieldErrors: {}, formError: null };
  if (!isApiError(error)) return { ...none, formError: failureMessage(error) };
  if (error.statusCode === 429) return { ...none, formError: tooManyAttempts(error.retryAfter) };
  const known = rules.statuses?.[error.statusCode];
  if (typeof known === 'string') return { ...none, formError: t(known) };
  if (known && 'invalidFields' in known) {
    return { fieldErrors: {}, formError: t(known.message), invalidFields: known.invalidFields };
  }
  if (known) return { fieldErrors: { [known.field]: t(known.message) }, formError: null };
  if (error.statusCode === 422) {
    const field = fieldOf(error.field);
    const message = field ? rules.fields?.[field] : undefined;
    if (field && message) return { fieldErrors: { [field]: t(message) }, formError: null };
    if (field === 'captcha_token') return { ...none, formError: t(rules.botCheck ?? 'auth.error.botCheck') };
  }
  return { ...none, formError: error.message || t('auth.error.generic') };
}
