import { decodeIdToken } from 'arctic';
import { providerRefused, type OauthProviderName } from './providers.ts';

/** Who the provider says the user is. */
export interface OauthProfile {
  /** The provider's stable user id (OpenID sub, Facebook id). */
  subject: string;
  /** Null when the provider shared no usable address. */
  email: string | null;
  /** The provider vouches that the user controls the address. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** First and last names are at most 20 characters (openapi/auth.yaml#/components/schemas/PersonName). */
export const NAME_MAX = 20;

/** A provider's name as given (accents and scripts kept), whitespace tidied, cut to NAME_MAX characters. */
export function cutName(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return [...raw.trim().replace(/\s+/g, ' ')].slice(0, NAME_MAX).join('').trim();
}

function email(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value : null;
}

function names(given: unknown, family: unknown, full: unknown): { firstName: string; lastName: string } {
  if (typeof given === 'string' || typeof family === 'string') {
    return { firstName: cutName(given), lastName: cutName(family) };
  }
  const [first = '', ...rest] = typeof full === 'string' ? full.trim().split(/\s+/) : [];
  return { firstName: cutName(first), lastName: cutName(rest.join(' ')) };
}

const CLOCK_SKEW_S = 60;

/**
 * The profile in an OpenID id token received straight from the provider's token endpoint. That channel is
 * TLS to the provider, so its signature need not be checked (OpenID Connect Core 3.1.3.7 step 6); the
 * claims that bind it to this client and this moment are: iss, aud (and azp when there are several
 * audiences) and exp.
 */
export function profileFromIdToken(
  provider: OauthProviderName,
  idToken: string,
  expect: { issuers: string[]; clientId: string; now?: number },
): OauthProfile {
  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(idToken) as Record<string, unknown>;
  } catch {
    throw providerRefused(provider, 'its id token is malformed');
  }
  const now = Math.floor((expect.now ?? Date.now()) / 1000);
  const iss = typeof claims.iss === 'string' ? claims.iss.replace(/\/+$/, '') : '';
  if (!expect.issuers.some((i) => i.replace(/\/+$/, '') === iss)) {
    throw providerRefused(provider, 'its id token comes from another issuer');
  }
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!aud.includes(expect.clientId) || (aud.length > 1 && claims.azp !== expect.clientId)) {
    throw providerRefused(provider, 'its id token was issued to another application');
  }
  if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_S < now) {
    throw providerRefused(provider, 'its id token has expired');
  }
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) {
    throw providerRefused(provider, 'its id token names no user');
  }
  const address = email(claims.email);
  return {
    subject: claims.sub,
    email: address,
    // Apple sends "true" as a string; the others a boolean.
    emailVerified: address !== null && (claims.email_verified === true || claims.email_verified === 'true'),
    ...names(claims.given_name, claims.family_name, claims.name),
  };
}

/**
 * The profile from Facebook's Graph API /me?fields=id,email,first_name,last_name. Graph only returns a
 * primary address the person has confirmed with Facebook (an unconfirmed one is left out), so an address
 * that is present counts as verified.
 */
export function profileFromGraph(provider: OauthProviderName, body: unknown): OauthProfile {
  const me = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const id = typeof me.id === 'number' ? String(me.id) : me.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 255) {
    throw providerRefused(provider, 'its profile names no user');
  }
  const address = email(me.email);
  return {
    subject: id,
    email: address,
    emailVerified: address !== null,
    ...names(me.first_name, me.last_name, me.name),
  };
}
