import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/index.ts';
import { asksForBotCheck, fieldOf, formFailure } from './form-errors.ts';

const apiError = (statusCode: number, detail: unknown, extra: { field?: string; retryAfter?: number } = {}) =>
  new ApiError({ statusCode, detail, body: { detail }, ...extra });

const signupRules = {
  fields: { email: 'auth.validation.email', first_name: 'auth.validation.name' },
  statuses: { 409: { field: 'email', message: 'auth.signup.emailTaken' } },
} as const;

describe('formFailure', () => {
  it('reads the field a 422 names', () => {
    expect(fieldOf('body/email')).toBe('email');
    expect(fieldOf('body/first_name')).toBe('first_name');
    expect(fieldOf('query/limit')).toBeNull();
    expect(fieldOf(undefined)).toBeNull();
  });

  it('a 422 on a field of the form shows that field’s rule at it', () => {
    const error = apiError(422, 'body/email must match format "email"', { field: 'body/email' });
    expect(formFailure(error, signupRules)).toEqual({
      fieldErrors: { email: 'Enter an e-mail address like name@example.com.' },
      formError: null,
    });
  });

  it('a 422 on the bot check, or on a field the form does not have, is for the whole form', () => {
    expect(formFailure(apiError(422, 'rejected', { field: 'body/captcha_token' }), signupRules).formError).toBe(
      'The bot check did not pass. Please try again.',
    );
    expect(
      formFailure(apiError(422, 'body/stripe_payment_id is bad', { field: 'body/stripe_payment_id' }), signupRules),
    ).toEqual({
      fieldErrors: {},
      formError: 'body/stripe_payment_id is bad',
    });
  });

  it('a login asked for the bot check says so in the form’s own words', () => {
    const asked = new ApiError({
      statusCode: 422,
      detail: 'Too many login attempts on this account. Please complete the bot check to log in.',
      body: { detail: 'x', field: 'body/captcha_token', captcha_required: true },
      field: 'body/captcha_token',
    });
    expect(asksForBotCheck(asked)).toBe(true);
    expect(formFailure(asked, { botCheck: 'auth.login.botCheckNeeded' }).formError).toBe(
      'There were many attempts to log in to this account. Please complete the bot check, then log in.',
    );
    expect(asksForBotCheck(apiError(422, 'rejected', { field: 'body/captcha_token' }))).toBe(false);
    expect(asksForBotCheck(apiError(401, 'Incorrect email or password.'))).toBe(false);
    expect(asksForBotCheck(new Error('Failed to fetch'))).toBe(false);
  });

  it('a 409 duplicate e-mail goes to the e-mail field', () => {
    expect(formFailure(apiError(409, 'Already registered'), signupRules)).toEqual({
      fieldErrors: { email: 'An account with this e-mail address already exists.' },
      formError: null,
    });
  });

  it('a 401 on login is a form-level message', () => {
    const login = { statuses: { 401: 'auth.login.wrongCredentials' } } as const;
    expect(formFailure(apiError(401, { detail: 'Wrong e-mail or password' }), login)).toEqual({
      fieldErrors: {},
      formError: 'The e-mail address or password is not right.',
    });
  });

  it('a form-level message can name the fields it is about', () => {
    const login = {
      statuses: { 401: { message: 'auth.login.wrongCredentials', invalidFields: ['email', 'password'] } },
    } as const;
    expect(formFailure(apiError(401, { detail: 'Wrong e-mail or password' }), login)).toEqual({
      fieldErrors: {},
      formError: 'The e-mail address or password is not right.',
      invalidFields: ['email', 'password'],
    });
  });

  it('a 429 says how many minutes to wait, rounding up, at least one', () => {
    expect(formFailure(apiError(429, { message: 'slow' }, { retryAfter: 600 })).formError).toBe(
      'Too many attempts. Try again in 10 minutes.',
    );
    expect(formFailure(apiError(429, { message: 'slow' }, { retryAfter: 61 })).formError).toBe(
      'Too many attempts. Try again in 2 minutes.',
    );
    expect(formFailure(apiError(429, { message: 'slow' }, { retryAfter: 5 })).formError).toBe(
      'Too many attempts. Try again in 1 minute.',
    );
  });

  it('anything else shows the server’s detail; a network failure says so', () => {
    expect(formFailure(apiError(500, 'Database unavailable')).formError).toBe('Database unavailable');
    expect(formFailure(new TypeError('Failed to fetch')).formError).toBe(
      'Timbre could not be reached. Check your connection and try again.',
    );
    expect(formFailure(new Error('x')).formError).toBe('Something went wrong. Please try again.');
  });
});
