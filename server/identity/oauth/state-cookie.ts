import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OAUTH_PROVIDERS, type OauthProviderName } from './providers.ts';

/**
 * The sign-in in progress, bound to the browser that started it: state (and Google's PKCE verifier) live
 * in an httpOnly, SameSite=Lax cookie sent only to /api/v3/oauth2, for ten minutes.
 *
 * It is not signed, as arctic's own guide does it: signing would add nothing, because anyone can get a
 * genuine cookie from GET /api/v3/oauth2/{provider}. What protects the flow is that the state the provider
 * hands back must equal the cookie's (login CSRF), and that the provider checks the PKCE verifier against
 * the challenge it was given (a stolen code is useless without this browser's cookie).
 */
export const OAUTH_COOKIE = 'timbre_oauth';
export const OAUTH_COOKIE_PATH = '/api/v3/oauth2';
export const OAUTH_COOKIE_TTL_S = 600;

export interface PendingSignIn {
  provider: OauthProviderName;
  state: string;
  codeVerifier: string | null;
  /** Seconds since the epoch. */
  issuedAt: number;
}

export function setPendingSignIn(reply: FastifyReply, secure: boolean, pending: PendingSignIn) {
  const value = Buffer.from(
    JSON.stringify({ p: pending.provider, s: pending.state, v: pending.codeVerifier, t: pending.issuedAt }),
  ).toString('base64url');
  reply.setCookie(OAUTH_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: OAUTH_COOKIE_PATH,
    maxAge: OAUTH_COOKIE_TTL_S,
  });
}

export function clearPendingSignIn(reply: FastifyReply) {
  reply.clearCookie(OAUTH_COOKIE, { path: OAUTH_COOKIE_PATH });
}

/** The cookie's sign-in, or null when it is absent, malformed or older than its lifetime. */
export function readPendingSignIn(request: FastifyRequest, now = Date.now()): PendingSignIn | null {
  const raw = request.cookies?.[OAUTH_COOKIE];
  if (!raw || raw.length > 4096) return null;
  let v: { p?: unknown; s?: unknown; v?: unknown; t?: unknown };
  try {
    v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as typeof v;
  } catch {
    return null;
  }
  if (
    !v ||
    typeof v !== 'object' ||
    !(OAUTH_PROVIDERS as readonly unknown[]).includes(v.p) ||
    typeof v.s !== 'string' ||
    v.s.length === 0 ||
    !(v.v === null || typeof v.v === 'string') ||
    typeof v.t !== 'number'
  ) {
    return null;
  }
  const age = now / 1000 - v.t;
  if (age < -60 || age > OAUTH_COOKIE_TTL_S) return null;
  return { provider: v.p as OauthProviderName, state: v.s, codeVerifier: v.v, issuedAt: v.t };
}

/** Constant-time comparison of the state the provider handed back with the cookie's. */
export function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
