import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/errors.ts';
import { cutName, profileFromGraph, profileFromIdToken } from './profile.ts';
import { OAUTH_COOKIE, readPendingSignIn } from './state-cookie.ts';

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** An id token as it comes from the token endpoint (the signature is not what these tests are about). */
const idToken = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64(claims)}.c2ln`;

const NOW = Date.UTC(2026, 0, 1);
const base = {
  iss: 'https://accounts.google.com',
  aud: 'client-1',
  sub: '1234567890',
  exp: NOW / 1000 + 600,
  email: 'Ada@Example.com',
  email_verified: true,
  given_name: 'Ada',
  family_name: 'Lovelace',
};
const expect1 = { issuers: ['https://accounts.google.com', 'accounts.google.com'], clientId: 'client-1', now: NOW };

function refusal(run: () => unknown): { status: number; detail: unknown } {
  try {
    run();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, detail: err.detail };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('profileFromIdToken', () => {
  it('reads subject, e-mail, its verification and the names', () => {
    expect(profileFromIdToken('google', idToken(base), expect1)).toEqual({
      subject: '1234567890',
      email: 'Ada@Example.com',
      emailVerified: true,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('takes Apple\'s "true" string as verified and anything else as not', () => {
    const apple = { issuers: ['https://appleid.apple.com'], clientId: 'client-1', now: NOW };
    const claims = { ...base, iss: 'https://appleid.apple.com', given_name: undefined, family_name: undefined };
    expect(profileFromIdToken('apple', idToken({ ...claims, email_verified: 'true' }), apple).emailVerified).toBe(true);
    expect(profileFromIdToken('apple', idToken({ ...claims, email_verified: 'false' }), apple).emailVerified).toBe(
      false,
    );
    expect(profileFromIdToken('apple', idToken({ ...claims, email_verified: undefined }), apple)).toMatchObject({
      emailVerified: false,
      firstName: '',
      lastName: '',
    });
  });

  it('accepts the issuer without scheme that Google also uses, and a list of audiences naming us as azp', () => {
    expect(profileFromIdToken('google', idToken({ ...base, iss: 'accounts.google.com' }), expect1).subject).toBe(
      '1234567890',
    );
    const many = { ...base, aud: ['other', 'client-1'], azp: 'client-1' };
    expect(profileFromIdToken('google', idToken(many), expect1).subject).toBe('1234567890');
    expect(refusal(() => profileFromIdToken('google', idToken({ ...many, azp: 'other' }), expect1))).toEqual({
      status: 401,
      detail: 'Sign-in with Google failed: its id token was issued to another application. Please try again.',
    });
  });

  it('refuses a token of another issuer, audience, an expired one, one without sub, and garbage', () => {
    const cases: [Record<string, unknown> | string, string][] = [
      [{ ...base, iss: 'https://accounts.google.com.evil.example' }, 'its id token comes from another issuer'],
      [{ ...base, aud: 'client-2' }, 'its id token was issued to another application'],
      [{ ...base, exp: NOW / 1000 - 61 }, 'its id token has expired'],
      [{ ...base, exp: undefined }, 'its id token has expired'],
      [{ ...base, sub: '' }, 'its id token names no user'],
      ['not.a.jwt', 'its id token is malformed'],
    ];
    for (const [claims, why] of cases) {
      const token = typeof claims === 'string' ? claims : idToken(claims);
      expect(refusal(() => profileFromIdToken('google', token, expect1)).detail).toBe(
        `Sign-in with Google failed: ${why}. Please try again.`,
      );
    }
    // Within the minute of clock skew it is still good.
    expect(profileFromIdToken('google', idToken({ ...base, exp: NOW / 1000 - 30 }), expect1).subject).toBe(
      '1234567890',
    );
  });

  it('drops an address that is not one, and splits a full name when given and family names are absent', () => {
    const p = profileFromIdToken(
      'linkedin',
      idToken({
        ...base,
        iss: 'https://www.linkedin.com/oauth',
        email: 'nobody',
        given_name: undefined,
        family_name: undefined,
        name: 'Mary  Ann Evans',
      }),
      { issuers: ['https://www.linkedin.com/oauth'], clientId: 'client-1', now: NOW },
    );
    expect(p).toMatchObject({ email: null, emailVerified: false, firstName: 'Mary', lastName: 'Ann Evans' });
  });
});

describe('profileFromGraph (Facebook /me)', () => {
  it('maps id, email, first_name and last_name; an address Graph returns is a confirmed one', () => {
    expect(
      profileFromGraph('facebook', { id: '10223', email: 'zoe@example.com', first_name: 'Zoë', last_name: 'Ångström' }),
    ).toEqual({
      subject: '10223',
      email: 'zoe@example.com',
      emailVerified: true,
      firstName: 'Zoë',
      lastName: 'Ångström',
    });
  });

  it('has no address when Graph sends none (a phone-only account), and refuses a profile without id', () => {
    expect(profileFromGraph('facebook', { id: 42, first_name: 'Pat' })).toMatchObject({
      subject: '42',
      email: null,
      emailVerified: false,
      firstName: 'Pat',
      lastName: '',
    });
    expect(refusal(() => profileFromGraph('facebook', { error: { message: 'bad' } }))).toEqual({
      status: 401,
      detail: 'Sign-in with Facebook failed: its profile names no user. Please try again.',
    });
  });
});

describe('cutName', () => {
  it('keeps the name as written, tidies whitespace and cuts at 20 characters (not UTF-16 units)', () => {
    expect(cutName('  Jean   Luc ')).toBe('Jean Luc');
    expect(cutName('Maximilianus-Johannes-Extra')).toBe('Maximilianus-Johanne');
    expect(cutName('😀'.repeat(25))).toBe('😀'.repeat(20));
    expect(cutName(undefined)).toBe('');
  });
});

describe('readPendingSignIn', () => {
  const request = (value: string | undefined) => ({ cookies: { [OAUTH_COOKIE]: value } }) as unknown as FastifyRequest;
  const cookie = (v: Record<string, unknown>) => b64(v);
  const t = 1_800_000_000;

  it('reads the provider, state and verifier of a fresh cookie', () => {
    expect(readPendingSignIn(request(cookie({ p: 'google', s: 'st', v: 'ver', t })), t * 1000 + 5000)).toEqual({
      provider: 'google',
      state: 'st',
      codeVerifier: 'ver',
      issuedAt: t,
    });
  });

  it('forgets a cookie older than ten minutes, and one that is not ours', () => {
    expect(readPendingSignIn(request(cookie({ p: 'google', s: 'st', v: null, t })), (t + 601) * 1000)).toBeNull();
    expect(readPendingSignIn(request(cookie({ p: 'github', s: 'st', v: null, t })), t * 1000)).toBeNull();
    expect(readPendingSignIn(request(cookie({ p: 'google', s: '', v: null, t })), t * 1000)).toBeNull();
    expect(readPendingSignIn(request('%%%'), t * 1000)).toBeNull();
    expect(readPendingSignIn(request(undefined), t * 1000)).toBeNull();
  });
});
