import type { FastifyRequest } from 'fastify';
import { HttpError } from '../platform/errors.ts';
import { enforceRateLimits, hitRateLimit, rateKey, resetRateLimit } from '../platform/rate-limit.ts';
import { BotCheckUnavailable } from './bot-check.ts';

/**
 * The one place password logins are counted and held back (OWASP Authentication Cheat Sheet: protect
 * against automated attacks without letting anyone lock an account out):
 *
 * - per client address (RATE_LIMIT_LOGIN_IP, 50/900): one address spraying many accounts meets 429;
 * - per account and client address together (RATE_LIMIT_LOGIN_ACCOUNT_IP, 10/900): guessing one account's
 *   password from one address meets 429 with Retry-After — for that address only, so a stranger's guesses
 *   never refuse the owner's right password from their own;
 * - per account from every address (RATE_LIMIT_LOGIN_ACCOUNT, 10/900): past it the login asks for the bot
 *   check (422, field body/captcha_token, captcha_required: true) and goes on once captcha_token proves a
 *   human. With the bot check off (no TURNSTILE_SECRET) or unreachable, each attempt past the threshold is
 *   slowed down instead (250 ms, doubling to 5 s), and a right password is still accepted: guessing from
 *   many addresses then costs 10 tries per address per window, each answered seconds late.
 *
 * A successful login clears the account's counters (its own address's and the account's).
 */

/** The account's login counter, which a successful login (or a password reset) clears. */
export const loginAccountKey = (email: string) => rateKey('login:account', email);
/** The counter of one account's logins from one client address. */
const loginAccountIpKey = (email: string, ip: string) => rateKey('login:account-ip', `${email.trim()}\n${ip}`);

export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
export const BOT_CHECK_NEEDED = 'Too many login attempts on this account. Please complete the bot check to log in.';
export const BOT_CHECK_FAILED = 'The bot check failed. Please try again.';

const SLOW_DOWN_FIRST_MS = 250;
const SLOW_DOWN_MAX_MS = 5_000;

/** How long to hold an attempt `over` attempts past the account's threshold (when no bot check can be asked). */
export const slowDownMs = (over: number) =>
  over <= 0 ? 0 : Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_FIRST_MS * 2 ** Math.min(over - 1, 10));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const captchaRequired = (message: string) =>
  new HttpError(422, message, {
    field: 'body/captcha_token',
    captcha_required: true,
    errors: [{ field: 'body/captcha_token', message }],
  });

/**
 * Counts this attempt before the password is looked at: 429 when this address or this address's attempts
 * on the account are over their limits; past the account's threshold, the bot check (422 until
 * `captchaToken` passes) or a slow-down. Resolves when the password may be checked.
 */
export async function guardLogin(request: FastifyRequest, email: string, captchaToken: string | undefined) {
  const { db, config, botCheck } = request.server;
  await enforceRateLimits(
    db,
    [
      { key: rateKey('login:ip', request.ip), rule: config.rateLimits.loginIp },
      { key: loginAccountIpKey(email, request.ip), rule: config.rateLimits.loginAccountIp },
    ],
    TOO_MANY_LOGINS,
  );
  const account = await hitRateLimit(db, loginAccountKey(email), config.rateLimits.loginAccount);
  if (account.allowed) return;
  if (botCheck.enabled) {
    if (!captchaToken) throw captchaRequired(BOT_CHECK_NEEDED);
    let human: boolean | undefined;
    try {
      human = await botCheck.verify(captchaToken, request.ip);
    } catch (err) {
      if (!(err instanceof BotCheckUnavailable)) throw err;
      // Refusing every login of the account while Cloudflare is away would be the lockout this avoids.
      request.log.error({ err }, 'bot check unavailable: the login is slowed down instead');
    }
    if (human === true) return;
    if (human === false) throw captchaRequired(BOT_CHECK_FAILED);
  }
  await sleep(slowDownMs(account.count - config.rateLimits.loginAccount.limit));
}

/** After a successful login: the account starts afresh, from this address and overall. */
export async function loginSucceeded(request: FastifyRequest, email: string) {
  const { db } = request.server;
  await resetRateLimit(db, loginAccountKey(email));
  await resetRateLimit(db, loginAccountIpKey(email, request.ip));
}
