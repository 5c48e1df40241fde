import type { MessageId } from '../../i18n/index.ts';

/**
 * SPEC.md section 5's field rules, as the auth contract (openapi/auth.yaml) states them, so the form refuses
 * what the server would answer 422 to. Each validator returns the message id of its rule, or null.
 */

// The "standard e-mail pattern": the one the server's contract validation uses (ajv-formats' email).
const EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
export const EMAIL_MAX_LENGTH = 254;

/** First and last names: 2-20 letters, hyphens or apostrophes. */
const PERSON_NAME = /^[A-Za-z'-]{2,20}$/;

/** Password: 8-32 characters with a digit, an uppercase letter, a lowercase letter and a special character. */
const PASSWORD = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,32}$/;

/** Other text fields (profession, industry): 2-32 characters. */
export const SHORT_TEXT_MIN = 2;
export const SHORT_TEXT_MAX = 32;

export const isValidEmail = (value: string): boolean => value.length <= EMAIL_MAX_LENGTH && EMAIL.test(value);
export const isValidPersonName = (value: string): boolean => PERSON_NAME.test(value);
export const isValidPassword = (value: string): boolean => PASSWORD.test(value);
export const isValidShortText = (value: string): boolean =>
  value.trim().length >= SHORT_TEXT_MIN && value.trim().length <= SHORT_TEXT_MAX;

type Validator = (value: string) => MessageId | null;

/** An empty value is left to the required check (the form's "This field is required."). */
const rule =
  (isValid: (value: string) => boolean, message: MessageId): Validator =>
  (value) =>
    value === '' || isValid(value) ? null : message;

export const validateEmail: Validator = (value) => rule(isValidEmail, 'auth.validation.email')(value.trim());
export const validatePersonName: Validator = rule(isValidPersonName, 'auth.validation.name');
export const validatePassword: Validator = rule(isValidPassword, 'auth.validation.password');

/** The second password field of a change: it must repeat the first. */
export const validateRepeat =
  (first: string): Validator =>
  (value) =>
    value === '' || value === first ? null : 'auth.validation.passwordRepeat';
