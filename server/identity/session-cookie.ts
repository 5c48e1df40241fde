import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { createSession, endSession, extendSession, SESSION_COOKIE } from '../platform/sessions.ts';

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.config.cookieSecure,
    path: '/',
    expires,
  });
}

/**
 * Starts a database session for the user, sets the httpOnly SameSite=Lax session cookie and records the
 * login. Returns the csrf_token the client sends as X-CSRF-Token. Used by login, signup and OAuth login.
 */
export async function startSession(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<string> {
  const { db, config } = request.server;
  const userAgent = request.headers['user-agent'];
  const session = await createSession(db, userId, config.sessionTtlDays, {
    ip: request.ip,
    ...(typeof userAgent === 'string' ? { userAgent: userAgent.slice(0, 512) } : {}),
  });
  await db.execute(sql`update users set last_login_at = now() where id = ${userId}`);
  setSessionCookie(request, reply, session.token, session.expiresAt);
  return session.csrfToken;
}

/**
 * The caller's session was used (the page was reloaded): it lives SESSION_TTL_DAYS from now, and the
 * cookie is set again with the new expiry.
 */
export async function refreshSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = request.auth?.sessionId;
  const token = request.cookies[SESSION_COOKIE];
  if (!sessionId || !token) return;
  const expiresAt = await extendSession(request.server.db, sessionId, request.server.config.sessionTtlDays);
  if (expiresAt) setSessionCookie(request, reply, token, expiresAt);
}

/** Ends the caller's session (if it is one) and clears the cookie. */
export async function finishSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionId = request.auth?.sessionId;
  if (sessionId) await endSession(request.server.db, sessionId);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
