import { isApiError } from '../api/index.ts';
import { t } from '../i18n/index.ts';

/** "Too many attempts. Try again in N minutes." from a 429's retry-after (seconds), at least one minute. */
export function tooManyAttempts(retryAfterSeconds: number | undefined): string {
  return t('auth.error.tooManyAttempts', { minutes: Math.max(1, Math.ceil((retryAfterSeconds ?? 0) / 60)) });
}

/** A failure whose message is already written for the user (e.g. a step the user declined): shown as it is. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/** What to tell the user about a failed call: rate limits in minutes, the server's words, or the network. */
export function failureMessage(error: unknown): string {
  if (error instanceof UserFacingError) return error.message;
  if (isApiError(error)) {
    return error.statusCode === 429 ? tooManyAttempts(error.retryAfter) : error.message || t('auth.error.generic');
  }
  return t(error instanceof TypeError ? 'auth.error.network' : 'auth.error.generic');
}
