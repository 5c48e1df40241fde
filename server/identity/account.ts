import { and, eq, isNull, sql } from 'drizzle-orm';
import { apiKeys, files, sessions, users, type UserData } from '../db/schema.ts';
import type { Handler } from '../platform/handlers.ts';
import { conflict, HttpError, notFound, unauthorized } from '../platform/errors.ts';
import { enforceRateLimits, rateKey, resetRateLimit } from '../platform/rate-limit.ts';
import { endUserSessions, SESSION_COOKIE } from '../platform/sessions.ts';
import { resetPasswordMessage } from '../mail/templates.ts';
import { publishUserEvent } from '../notifications/scope.ts';
import { removeStoredFiles } from '../storage/registry.ts';
import { cancelProviderSubscription, endLocalPlan } from '../billing/account-closure.ts';
import { callerId, changedUser } from './current-user.ts';
import { consumeEmailToken, findEmailToken, issueEmailToken, revokeEmailTokens } from './email-tokens.ts';
import { hashPassword } from './passwords.ts';
import { loginAccountKey } from './login-guard.ts';
import { sendVerificationEmail } from './session.ts';
import { findLiveUser, findUserByEmail, updateUser, updateUserData } from './users.ts';

/** data.local_storage may hold at most this many bytes of JSON. */
export const LOCAL_STORAGE_MAX_BYTES = 65_536;

const LINK_INVALID = 'This verification link is invalid or has expired.';
const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';

/** The password-reset link of the e-mail: the SPA route /change-password/{changePasswordId}. */
export function changePasswordLink(publicUrl: string, token: string) {
  return `${publicUrl}/change-password/${token}`;
}

/**
 * GET /api/v3/user/verify-email. The link names its user, and a token counts only for that user. Once the
 * user is verified, any of their verification links answers success again (people click twice); a
 * link that never existed, or an unused one that expired, is a 404.
 */
export const verifyEmail: Handler<'verifyEmail'> = async (request) => {
  const { db } = request.server;
  const { user_id: userId, verification_id: token } = request.query;
  const [link, user] = await Promise.all([findEmailToken(db, token, userId, 'verify_email'), findLiveUser(db, userId)]);
  if (!link || !user) throw notFound(LINK_INVALID);
  if (!user.verified) {
    const used = await consumeEmailToken(db, token, 'verify_email', userId);
    if (!used) {
      // A second click racing the first may find the token used and the user verified meanwhile.
      if (!(await findLiveUser(db, userId))?.verified) throw notFound(LINK_INVALID);
    } else {
      await updateUser(db, userId, { verified: true });
      await changedUser(request, userId);
    }
  }
  return { verified: true, user_id: userId };
};

/** POST /api/v3/user/resend-verify-email/: a new 7-day link; the earlier ones keep working until they expire. */
export const resendVerificationEmail: Handler<'resendVerificationEmail'> = async (request) => {
  const { db, config } = request.server;
  const user = await findLiveUser(db, callerId(request));
  if (!user) throw unauthorized();
  if (user.verified) throw conflict('Your e-mail address is already verified.');
  await enforceRateLimits(
    db,
    [{ key: rateKey('mail:user', user.id), rule: config.rateLimits.mail }],
    'Too many e-mails requested. Please try again later.',
  );
  try {
    await sendVerificationEmail(request, user);
  } catch (err) {
    request.log.error({ err, userId: user.id }, 'the verification e-mail could not be sent');
    throw new HttpError(503, 'The e-mail could not be sent. Please try again later.');
  }
  return { detail: 'Email sent successfully' };
};

/**
 * POST /api/v3/forgot-password. The answer is the same 202 whether or not the address has an account, and
 * takes the same time: the lookup, the token and the e-mail all happen after the answer is sent. Only
 * the rate limits (per address and per client, counted alike for every address) run before it.
 */
export const forgotPassword: Handler<'forgotPassword'> = async (request, reply) => {
  const { db, config, mail } = request.server;
  const { email } = request.body;
  await enforceRateLimits(
    db,
    [
      { key: rateKey('mail:ip', request.ip), rule: config.rateLimits.mailIp },
      { key: rateKey('mail:email', email), rule: config.rateLimits.mail },
    ],
    'Too many e-mails requested. Please try again later.',
  );
  mail.sendLater(async () => {
    const user = await findUserByEmail(db, email);
    if (!user || user.deletedAt) return null;
    const token = await issueEmailToken(db, user.id, 'change_password');
    return resetPasswordMessage({
      to: user.email,
      firstName: user.firstName,
      link: changePasswordLink(config.publicUrl, token),
    });
  });
  return reply.code(202).send({
    detail: 'If an account exists for this e-mail address, we have sent it a link to choose a new password.',
  });
};

/**
 * POST /api/v3/change-password. The link is used up in the same statement that checks it (single use,
 * one hour). The new password ends every other session of the account (each told by user.session_end),
 * keeps the caller's own if it belongs to the same account, clears the account's login counter, and
 * verifies the e-mail address (the link proved the user reads it).
 */
export const changePassword: Handler<'changePassword'> = async (request) => {
  const { db } = request.server;
  const userId = await consumeEmailToken(db, request.body.change_pass_id, 'change_password');
  const user = userId ? await findLiveUser(db, userId) : undefined;
  if (!user) throw notFound(RESET_LINK_INVALID);
  await updateUser(db, user.id, { passwordHash: await hashPassword(request.body.password), verified: true });
  await revokeEmailTokens(db, user.id, 'change_password');
  const own = request.auth?.user.id === user.id ? request.auth.sessionId : undefined;
  const ended = await endUserSessions(db, user.id, own);
  if (ended.length > 0) {
    publishUserEvent(user.id, { type: 'user.session_end', data: { reason: 'elsewhere' } }, { sessionIds: ended });
  }
  await resetRateLimit(db, loginAccountKey(user.email));
  if (!user.verified) await changedUser(request, user.id);
  return { detail: 'Your password has been successfully updated.' };
};

/** POST /api/v3/tou */
export const acceptTermsOfUse: Handler<'acceptTermsOfUse'> = async (request) => {
  const userId = callerId(request);
  if (!(await updateUser(request.server.db, userId, { touAcceptedAt: new Date() }))) throw unauthorized();
  return changedUser(request, userId);
};

/** PUT /api/v3/domain-info */
export const updateDomainInfo: Handler<'updateDomainInfo'> = async (request) => {
  const userId = callerId(request);
  const { profession, industry } = request.body;
  if (!(await updateUser(request.server.db, userId, { profession, industry }))) {
    throw unauthorized();
  }
  return changedUser(request, userId);
};

/** PUT /api/v3/local-storage: replaces data.local_storage; 413 above 65536 bytes of JSON. */
export const saveLocalStorage: Handler<'saveLocalStorage'> = async (request) => {
  const userId = callerId(request);
  const localStorage = request.body.local_storage as NonNullable<UserData['local_storage']>;
  const bytes = Buffer.byteLength(JSON.stringify(localStorage), 'utf8');
  if (bytes > LOCAL_STORAGE_MAX_BYTES) {
    throw new HttpError(413, `Saved preferences are too large (${bytes} bytes; at most ${LOCAL_STORAGE_MAX_BYTES}).`);
  }
  if (!(await updateUserData(request.server.db, userId, (data) => ({ ...data, local_storage: localStorage })))) {
    throw unauthorized();
  }
  return changedUser(request, userId);
};

/** PUT /api/v3/demo-wizard: the fields sent are merged into data.demo_wizard. */
export const updateDemoWizard: Handler<'updateDemoWizard'> = async (request) => {
  const userId = callerId(request);
  const patch = request.body;
  const merged = await updateUserData(request.server.db, userId, (data) => ({
    ...data,
    demo_wizard: { ...data.demo_wizard, ...patch },
  }));
  if (!merged) throw unauthorized();
  return changedUser(request, userId);
};

/**
 * PUT /api/v3/settings: each part sent is merged into the user's data (advanced_settings and
 * notifications field by field); parts not sent keep their value.
 */
export const updateSettings: Handler<'updateSettings'> = async (request) => {
  const userId = callerId(request);
  const body = request.body;
  const merged = await updateUserData(request.server.db, userId, (data) => {
    const next: UserData = { ...data };
    if (body.advanced_settings) next.advanced_settings = { ...data.advanced_settings, ...body.advanced_settings };
    if (body.notifications) {
      const { conversion_complete_email: email, conversion_complete_browser: browser } = body.notifications;
      next.notifications = {
        ...data.notifications,
        ...(email === undefined ? {} : { email }),
        ...(browser === undefined ? {} : { browser }),
      };
    }
    if (body.download !== undefined) next.download = body.download;
    if (body.calibration !== undefined) next.calibration = body.calibration;
    return next;
  });
  if (!merged) throw unauthorized();
  return changedUser(request, userId);
};

/** What a deleted account's e-mail column holds once its address is freed (never a valid address). */
export const deletedEmailOf = (userId: string) => `deleted:${userId}`;

/**
 * DELETE /api/v3/profile. In one transaction the account is marked deleted, its e-mail address is freed
 * (the normalized address becomes `deleted:<id>`, so the same address can sign up again as a new account),
 * every session ends, the API key is revoked and outstanding e-mail links are used up; the cookie is
 * cleared and every open tab or device is told by user.session_end. The account can never sign in again.
 *
 * Then every stored object the account owns (the files registry: originals, conversions, waveforms,
 * calibrations, exports, feedback attachments) is removed from storage with its registry row; an object
 * that cannot be removed now keeps its row for the sweeper. The account's rows stay, unreachable because
 * every query skips deleted users, so that billing can settle. A subscription paid through the payment
 * provider is cancelled there first (billing/account-closure.ts): if it cannot be, the answer is 502 and
 * nothing is deleted; a plan without one (the trial, a Custom plan) ends in the deletion's transaction.
 */
export const deleteProfile: Handler<'deleteProfile'> = async (request, reply) => {
  const userId = callerId(request);
  await cancelProviderSubscription(request.server.db, request.server.payments, request.log, userId);
  const ended = await request.server.db.transaction(async (tx) => {
    const gone = await tx
      .update(users)
      .set({ deletedAt: sql`now()`, emailNormalized: deletedEmailOf(userId) })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (gone.length === 0) return null;
    const closed = await tx
      .update(sessions)
      .set({ endedAt: sql`now()` })
      .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
      .returning({ id: sessions.id });
    await tx.delete(apiKeys).where(eq(apiKeys.userId, userId));
    await revokeEmailTokens(tx, userId);
    await endLocalPlan(tx, userId);
    return closed.map((s) => s.id);
  });
  if (!ended) throw unauthorized();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  const { db, storage } = request.server;
  const owned = await db.select({ key: files.storageKey }).from(files).where(eq(files.ownerId, userId));
  await removeStoredFiles(
    db,
    storage,
    request.log,
    owned.map((f) => f.key),
  );
  if (ended.length > 0) {
    publishUserEvent(userId, { type: 'user.session_end', data: { reason: 'deleted' } }, { sessionIds: ended });
  }
  return reply.code(204).send();
};
