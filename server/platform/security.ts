import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Operation, SecurityRequirement } from './contracts.ts';
import { API_KEY_HEADER, CSRF_HEADER, SESSION_COOKIE, findApiKey, findSession, type Auth } from './sessions.ts';
import type { Db } from './db.ts';

/**
 * The principal of each request, looked up once: the operation's security, a handler and a hook of the
 * same request all ask authenticate(), and only the first asks the database. Keyed by the request
 * object, so it lives exactly as long as the request does.
 */
const principals = new WeakMap<FastifyRequest, Promise<Auth | null>>();

/**
 * Who is calling: the session behind the cookie, else the owner of the API key, else nobody. One statement
 * per request at most, however often it is asked (a request-scoped memo).
 */
export function authenticate(db: Db, request: FastifyRequest): Promise<Auth | null> {
  let principal = principals.get(request);
  if (!principal) {
    principal = lookUp(db, request);
    principals.set(request, principal);
    // A failed lookup (the database away) is not remembered: the next ask tries again.
    principal.catch(() => principals.delete(request));
  }
  return principal;
}

async function lookUp(db: Db, request: FastifyRequest): Promise<Auth | null> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (token) {
    const session = await findSession(db, token);
    if (session) return session;
  }
  const key = request.headers[API_KEY_HEADER];
  if (typeof key === 'string' && key.length > 0) return findApiKey(db, key);
  return null;
}

function sameToken(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function satisfies(scheme: string, auth: Auth | null, request: FastifyRequest): boolean {
  switch (scheme) {
    case 'sessionCookie':
      return auth?.via === 'session';
    case 'apiKey':
      return auth?.via === 'apiKey';
    case 'csrfHeader': {
      const header = request.headers[CSRF_HEADER];
      return (
        auth?.via === 'session' && typeof header === 'string' && !!auth.csrfToken && sameToken(header, auth.csrfToken)
      );
    }
    default:
      // A scheme this server does not know can never be satisfied: fail closed.
      return false;
  }
}

export type SecurityVerdict = { ok: true } | { ok: false; status: 401 | 403; detail: string };

/**
 * OpenAPI semantics: the operation is allowed when any one requirement object is met in full; an empty
 * list or an empty object means anonymous calls are allowed. Without any credential the answer is 401;
 * a signed-in call that misses the CSRF header is 403.
 */
export function checkSecurity(
  requirements: SecurityRequirement[],
  auth: Auth | null,
  request: FastifyRequest,
): SecurityVerdict {
  if (requirements.length === 0) return { ok: true };
  for (const requirement of requirements) {
    const schemes = Object.keys(requirement);
    if (schemes.every((s) => satisfies(s, auth, request))) return { ok: true };
  }
  if (!auth) return { ok: false, status: 401, detail: 'Not authenticated' };
  const wantsCsrf = requirements.some((r) => 'csrfHeader' in r);
  if (auth.via === 'session' && wantsCsrf) return { ok: false, status: 403, detail: 'CSRF token missing or invalid' };
  return { ok: false, status: 403, detail: 'These credentials cannot be used for this operation' };
}

/** What a signed-in user whose e-mail is not verified yet is told by every operation but the few they may use. */
export const VERIFY_EMAIL_FIRST = 'Verify your e-mail address first: we sent you a link.';

const ROLE_NAMES: Record<string, string> = { admin: 'admins', prepaid: 'prepaid accounts', user: 'users' };

/** The detail of a call refused for its caller's roles: "Only admins can do this." */
export function roleRefusal(roles: string[]): string {
  return `Only ${roles.map((r) => ROLE_NAMES[r] ?? r).join(' or ')} can do this.`;
}

/** Whether an operation can be called without any credential: public, or optional sign-in. */
export function opensToGuests(requirements: SecurityRequirement[]): boolean {
  return requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0);
}

/**
 * Who may call an operation, once checkSecurity let the credential through. Both facts come from the
 * contract: an operation that needs a credential is for verified users only unless it says
 * `x-unverified: true` (SPEC.md section 6: unverified users have only the unverified page), whether the
 * credential is a session or the user's API key; `x-roles` names the roles of which the caller needs one.
 * Operations a guest may call stay open to every caller: a cookie cannot take away what its absence gives.
 */
export function checkAccess(
  op: Pick<Operation, 'security' | 'unverified' | 'roles'>,
  auth: Auth | null,
): SecurityVerdict {
  if (!auth || opensToGuests(op.security)) return { ok: true };
  if (!auth.user.verified && !op.unverified) return { ok: false, status: 403, detail: VERIFY_EMAIL_FIRST };
  if (op.roles.length > 0 && !op.roles.some((role) => auth.user.roles.includes(role)))
    return { ok: false, status: 403, detail: roleRefusal(op.roles) };
  return { ok: true };
}
