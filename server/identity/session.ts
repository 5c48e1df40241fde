import type { FastifyRequest } from 'fastify';
import type { Handler } from '../platform/handlers.ts';
import { conflict, HttpError, unauthorized } from '../platform/errors.ts';
import { enforceRateLimits, rateKey } from '../platform/rate-limit.ts';
import { verifyEmailMessage } from '../mail/templates.ts';
import { publishUserEvent } from '../notifications/scope.ts';
import { BotCheckUnavailable } from './bot-check.ts';
import { issueEmailToken } from './email-tokens.ts';
import { guardLogin, loginSucceeded } from './login-guard.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { trialDays, TRIAL_DAYS } from '../billing/billing-state.ts';
import { redeemPromoCode, type PromoStatus } from '../billing/promo.ts';
import { finishSession, refreshSession, startSession } from './session-cookie.ts';
import { recordAccountEvent } from './tracking.ts';
import { startFreeTrial } from '../billing/trial.ts';
import { loadUserView } from './user-view.ts';
import { createUser, EmailTakenError, findUserByEmail } from './users.ts';

/** The one answer to a failed login, whatever failed (SPEC.md: the answer does not say which). */
export const LOGIN_FAILED = 'Incorrect email or password.';

/** The verification link of the e-mail: the SPA route /verify/email/{userId}/{token}. */
export function verificationLink(publicUrl: string, userId: string, token: string) {
  return `${publicUrl}/verify/email/${userId}/${token}`;
}

/** Sends (and waits for) the verification e-mail with a fresh 7-day link. */
export async function sendVerificationEmail(
  request: Pick<FastifyRequest, 'server'>,
  user: { id: string; email: string; firstName: string },
): Promise<void> {
  const { db, config, mail } = request.server;
  const token = await issueEmailToken(db, user.id, 'verify_email');
  await mail.send(
    verifyEmailMessage({
      to: user.email,
      firstName: user.firstName,
      link: verificationLink(config.publicUrl, user.id, token),
    }),
  );
}

/** POST /api/v3/auth: the page was reloaded; the cookie's session hands back the user and its CSRF token. */
export const restoreSession: Handler<'restoreSession'> = async (request, reply) => {
  const auth = request.auth;
  if (!auth?.csrfToken) throw unauthorized();
  const user = await loadUserView(request.server.db, auth.user.id);
  if (!user) throw unauthorized();
  await refreshSession(request, reply);
  return { user, csrf_token: auth.csrfToken };
};

/**
 * POST /api/v3/login. Counted before the password is looked at (login-guard.ts: 429 per client address and
 * per account from one address, the bot check or a slow-down past the account's threshold — never a
 * lockout of the right password); a wrong password, an unknown e-mail and a deleted account get the same
 * 401 after the same argon2 work. Unverified users may log in (the client sends them to /unverified).
 */
export const login: Handler<'login'> = async (request, reply) => {
  const { db } = request.server;
  const { email, password, captcha_token } = request.body;
  await guardLogin(request, email, captcha_token);
  const found = await findUserByEmail(db, email);
  const user = found && !found.deletedAt ? found : undefined;
  const ok = await verifyPassword(user?.passwordHash, password);
  if (!user || !ok) throw new HttpError(401, LOGIN_FAILED);
  await loginSucceeded(request, email);
  const csrf = await startSession(request, reply, user.id);
  const view = await loadUserView(db, user.id);
  if (!view) throw new HttpError(401, LOGIN_FAILED);
  await recordAccountEvent(db, view, 'login', request.body.distinct_id);
  return { user: view, csrf_token: csrf };
};

/**
 * POST /api/v3/logout: ends this session and clears the cookie; the other tabs of this browser (the same
 * session) are told by user.session_end. The user's sessions on other devices go on. There are no
 * refresh tokens in this server, so a refresh_token sent by an older client has nothing to revoke.
 */
export const logout: Handler<'logout'> = async (request, reply) => {
  const auth = request.auth;
  await finishSession(request, reply);
  if (auth?.sessionId) {
    publishUserEvent(
      auth.user.id,
      { type: 'user.session_end', data: { reason: 'logout' } },
      { sessionIds: [auth.sessionId] },
    );
  }
  return reply.code(204).send();
};

/**
 * POST /api/v3/signup: limited per client address and per e-mail, checked by the bot check (when
 * configured), then the account, its promo code, its free trial (start_trial: "Try For Free", or an
 * applied extended-trial code) and its verification link are stored in one transaction. The verification e-mail follows; if it cannot be sent the account still exists and the
 * user can ask again from /unverified.
 */
export const signup: Handler<'signup'> = async (request, reply) => {
  const { db, config, botCheck, mail } = request.server;
  const body = request.body;
  await enforceRateLimits(
    db,
    [
      { key: rateKey('signup:ip', request.ip), rule: config.rateLimits.signupIp },
      { key: rateKey('signup:email', body.email), rule: config.rateLimits.signupEmail },
    ],
    'Too many sign-ups. Please try again later.',
  );
  if (botCheck.enabled) {
    let human: boolean;
    try {
      human = await botCheck.verify(body.captcha_token, request.ip);
    } catch (err) {
      if (!(err instanceof BotCheckUnavailable)) throw err;
      request.log.error({ err }, 'bot check unavailable');
      throw new HttpError(503, 'The bot check is not available right now. Please try again in a minute.');
    }
    if (!human) {
      const message = 'The bot check failed. Please try again.';
      throw new HttpError(422, message, {
        field: 'body/captcha_token',
        errors: [{ field: 'body/captcha_token', message }],
      });
    }
  }
  if (await findUserByEmail(db, body.email)) throw conflict(new EmailTakenError().message);

  const passwordHash = await hashPassword(body.password);
  let created;
  try {
    created = await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        passwordHash,
        verified: false,
      });
      let promoStatus: PromoStatus = 'none';
      let trialLength: number | null = body.start_trial ? TRIAL_DAYS : null;
      if (body.promo_code) {
        const redemption = await redeemPromoCode(tx, user.id, body.promo_code, 'signup');
        promoStatus = redemption.promoStatus;
        // An extended-trial code starts the trial (for its days) whatever start_trial says.
        if (redemption.code?.kind === 'extended_trial') trialLength = trialDays(redemption.code);
      }
      if (trialLength !== null) await startFreeTrial(tx, user.id, trialLength);
      const token = await issueEmailToken(tx, user.id, 'verify_email');
      return { user, promoStatus, token };
    });
  } catch (err) {
    if (err instanceof EmailTakenError) throw conflict(err.message);
    throw err;
  }
  const { user, promoStatus, token } = created;
  try {
    await mail.send(
      verifyEmailMessage({
        to: user.email,
        firstName: user.firstName,
        link: verificationLink(config.publicUrl, user.id, token),
      }),
    );
  } catch (err) {
    request.log.error({ err, userId: user.id }, 'the verification e-mail could not be sent');
  }
  const csrf = await startSession(request, reply, user.id);
  const view = await loadUserView(db, user.id);
  if (!view) throw new Error(`The new user ${user.id} cannot be read back`);
  await recordAccountEvent(db, view, 'sign_up', body.distinct_id);
  return reply.code(201).send({ user: view, csrf_token: csrf, promo_status: promoStatus });
};
