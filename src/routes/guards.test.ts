import { describe, expect, it } from 'vitest';
import type { SessionStatus } from '../machines/index.ts';
import { guardRedirect, loginWithNext, type RouteKind } from './guards.ts';

const STATUSES: SessionStatus[] = ['checking', 'guest', 'unverified', 'wizard', 'verified', 'signingOut'];
const KINDS: RouteKind[] = ['public', 'home', 'guestOnly', 'unverifiedOnly', 'wizard', 'guarded'];

/** A path of each kind, as the route table has them. */
const PATH: Record<RouteKind, string> = {
  public: '/faq',
  home: '/',
  guestOnly: '/login',
  unverifiedOnly: '/unverified',
  wizard: '/welcome',
  guarded: '/projects?sort=name',
};

/**
 * SPEC.md section 2 "Guard rules", every status against every kind of route:
 * guests on a guarded route go to login (keeping the target); signed in but unverified go to /unverified;
 * signed in without ignoreWizard go to /welcome unless already there; signed-in users on login or signup
 * go home; the unverified page requires sign-in only; nothing moves while checking or signing out.
 */
const EXPECTED: Record<SessionStatus, Record<RouteKind, string | null>> = {
  checking: { public: null, home: null, guestOnly: null, unverifiedOnly: null, wizard: null, guarded: null },
  signingOut: { public: null, home: null, guestOnly: null, unverifiedOnly: null, wizard: null, guarded: null },
  guest: {
    public: null,
    home: null,
    guestOnly: null,
    unverifiedOnly: '/login?next=%2Funverified',
    wizard: '/login?next=%2Fwelcome',
    guarded: '/login?next=%2Fprojects%3Fsort%3Dname',
  },
  unverified: {
    public: null,
    home: '/unverified',
    guestOnly: '/',
    unverifiedOnly: null,
    wizard: '/unverified',
    guarded: '/unverified',
  },
  wizard: { public: null, home: '/welcome', guestOnly: '/', unverifiedOnly: null, wizard: null, guarded: '/welcome' },
  verified: { public: null, home: null, guestOnly: '/', unverifiedOnly: null, wizard: null, guarded: null },
};

describe('guardRedirect', () => {
  const table = STATUSES.flatMap((status) => KINDS.map((kind) => [status, kind, EXPECTED[status][kind]] as const));

  it.each(table)('%s on a %s route → %s', (status, kind, expected) => {
    expect(guardRedirect(status, { kind, path: PATH[kind] })).toBe(expected);
  });

  it('covers every combination', () => {
    expect(table).toHaveLength(STATUSES.length * KINDS.length);
  });

  it.each([
    ['unverified', '/projects', '/projects'],
    ['wizard', '/account/plan?x=1', '/account/plan?x=1'],
    ['verified', '/projects', '/projects'],
    ['verified', 'https://evil.example', '/'],
    ['verified', '//evil.example/x', '/'],
    ['verified', '/\\evil.example', '/'],
    ['verified', '/signup', '/'],
    ['verified', '/login?next=/x', '/'],
    ['verified', null, '/'],
    ['guest', '/projects', null],
  ] as const)('a %s user on login with next=%s goes to %s', (status, next, expected) => {
    expect(guardRedirect(status, { kind: 'guestOnly', path: '/login', next })).toBe(expected);
  });
});

describe('loginWithNext', () => {
  it('does not remember the home page or the sign-in pages', () => {
    expect(loginWithNext('/')).toBe('/login');
    expect(loginWithNext('/login/mobile')).toBe('/login');
    expect(loginWithNext('//evil.example')).toBe('/login');
    expect(loginWithNext('/account')).toBe('/login?next=%2Faccount');
  });
});
