import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { announcementLog, clearAnnouncements, toastStore } from '../../design-system/index.ts';
import { SESSION_TOKEN_KEY } from '../api/index.ts';
import { createFakeApi } from '../api/testing/fake-api.ts';
import {
  BASIC_STYLE,
  createMemoryStorage,
  makeAccent,
  makeVoice,
  testUser,
  WARM_STYLE,
  type FakeAnswer,
  type FakeRoutes,
} from '../api/testing/index.ts';
import { THEME_KEY } from '../../design-system/layouts/theme-store.ts';
import { LAST_USED_VOICES_KEY, PRESELECTED_VOICE_KEY, readLastUsedVoices } from './preselected-voice.ts';
import { PROMO_KEY } from './promo.ts';
import { createSessionMachine, LOGOUT_REDIRECT_DELAY, sessionStatus } from './session.machine.ts';
import type { SignupResult, User } from './session-flags.ts';

const VOICE_ID = '7d1c8a3e-2f4b-4c6d-9e8f-0a1b2c3d4e5f';

const session = (user: User, csrf_token = 'csrf-1'): FakeAnswer<'POST /api/v3/auth'> => ({
  status: 200,
  body: { user, csrf_token },
});

const voice = makeVoice(1, 'Morgan', {
  id: VOICE_ID,
  pitch: 180,
  created_at: '2026-01-01T00:00:00Z',
  accents: [makeAccent('en-GB', 'British English', 'UK'), makeAccent('en-US', 'American English', 'US', true)],
  narration_styles: [{ ...WARM_STYLE, tags: [] }, BASIC_STYLE],
  thumbnail_url: 'https://assets.timbre.test/morgan.png',
});

/**
 * A session actor over a fake network, with an in-memory localStorage and a recorded navigate. The browser is
 * a returning visitor's (the CSRF token of an earlier sign-in is stored) unless `storedToken` is null.
 */
function start(routes: FakeRoutes, storageInit = {}, storedToken: string | null = 'csrf-stored') {
  const storage = createMemoryStorage({
    ...(storedToken === null ? {} : { [SESSION_TOKEN_KEY]: storedToken }),
    ...storageInit,
  });
  const fake = createFakeApi(routes, { storage, goHome: () => actor.send({ type: 'session.unauthorized' }) });
  const navigate = vi.fn();
  const clock = new SimulatedClock();
  const machine = createSessionMachine({ api: fake.api, tokens: fake.tokens, storage, navigate, now: () => 1_000 });
  const actor = createActor(machine, { clock });
  actor.start();
  const status = () => sessionStatus(actor.getSnapshot());
  const settled = () => waitFor(actor, (s) => !s.matches('checking'));
  return { actor, api: fake.api, storage, navigate, clock, calls: fake.calls, tokens: fake.tokens, status, settled };
}

const toasts = () => toastStore.getSnapshot().context.toasts.map((t) => t.message);
const announced = () => announcementLog.getSnapshot().context.entries.map((e) => e.message);

beforeEach(() => {
  toastStore.trigger.clear();
  clearAnnouncements();
});
afterEach(() => vi.useRealTimers());

describe('session machine: restoring on boot', () => {
  it('starts checking with the global loader on, then restores a verified user', async () => {
    const s = start({ 'POST /api/v3/auth': session(testUser(), 'csrf-restored') });
    expect(s.status()).toBe('checking');
    expect(s.actor.getSnapshot().context.loadingGlobal).toBe(true);
    await s.settled();
    expect(s.status()).toBe('verified');
    expect(s.actor.getSnapshot().context).toMatchObject({ loadingGlobal: false, csrfToken: 'csrf-restored' });
    expect(s.actor.getSnapshot().context.user?.email).toBe('ada@example.com');
    expect(s.tokens.get()).toBe('csrf-restored');
    expect(s.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v3/auth']);
  });

  it('a 401 on restore is a guest: the stale token goes, and the user is not sent home', async () => {
    const s = start({ 'POST /api/v3/auth': { status: 401, body: { detail: 'Not authenticated' } } }, {}, 'stale');
    await s.settled();
    expect(s.calls[0]?.headers.get('X-CSRF-Token')).toBe('stale');
    expect(s.status()).toBe('guest');
    expect(s.tokens.get()).toBeNull();
    expect(s.navigate).not.toHaveBeenCalled();
    expect(s.actor.getSnapshot().context.loadingGlobal).toBe(false);
  });

  it('a server error on restore is a guest for now, keeping the token for the next try', async () => {
    const s = start({ 'POST /api/v3/auth': { status: 501, body: { detail: 'Not implemented' } } }, {}, 'kept');
    await s.settled();
    expect(s.status()).toBe('guest');
    expect(s.tokens.get()).toBe('kept');
  });

  it('routes the restored user by their data: unverified, then the wizard, then verified', async () => {
    const s = start({
      'POST /api/v3/auth': session(testUser({ verified: false, wizard: { ignoreWizard: false } })),
    });
    await s.settled();
    expect(s.status()).toBe('unverified');
    s.actor.send({ type: 'session.userUpdated', user: testUser({ verified: true, wizard: { ignoreWizard: false } }) });
    expect(s.status()).toBe('wizard');
    s.actor.send({ type: 'session.userUpdated', user: testUser({ wizard: { ignoreWizard: false, skipped: true } }) });
    expect(s.status()).toBe('verified');
    expect(s.actor.getSnapshot().matches({ authenticated: { access: 'verified' } })).toBe(true);
  });

  it('session.restore checks again (a token from /auth-redirect)', async () => {
    let answer: FakeAnswer<'POST /api/v3/auth'> = { status: 401, body: { detail: 'Not authenticated' } };
    const s = start({ 'POST /api/v3/auth': () => answer });
    await s.settled();
    expect(s.status()).toBe('guest');
    answer = session(testUser(), 'csrf-2');
    s.actor.send({ type: 'session.restore' });
    expect(s.status()).toBe('checking');
    await s.settled();
    expect(s.status()).toBe('verified');
  });

  it('a guest whose browser kept no token is a guest at once: no loader, no call that could only say 401', () => {
    const s = start({ 'POST /api/v3/auth': session(testUser()) }, {}, null);
    expect(s.status()).toBe('guest');
    expect(s.actor.getSnapshot().context.loadingGlobal).toBe(false);
    expect(s.calls).toEqual([]);
  });

  it('a guest is restored when /auth-redirect brings a token, even with none stored before', async () => {
    const s = start(
      {
        'POST /api/v3/auth': (call) =>
          call.headers.get('X-CSRF-Token') === 'csrf-from-server'
            ? session(testUser(), 'csrf-fresh')
            : { status: 401, body: { detail: 'Not authenticated' } },
      },
      {},
      null,
    );
    expect(s.status()).toBe('guest');
    s.actor.send({ type: 'session.restore', csrfToken: 'csrf-from-server' });
    expect(s.status()).toBe('checking');
    await s.settled();
    expect(s.status()).toBe('verified');
    expect(s.tokens.get()).toBe('csrf-fresh');
    expect(s.calls).toHaveLength(1);
  });

  it('a token stored in another tab counts at the next start (a reload signs the user back in)', async () => {
    const first = start({}, {}, null);
    expect(first.status()).toBe('guest');
    const reloaded = start({ 'POST /api/v3/auth': session(testUser(), 'csrf-renewed') }, {}, 'csrf-other-tab');
    expect(reloaded.status()).toBe('checking');
    await reloaded.settled();
    expect(reloaded.status()).toBe('verified');
  });
});

describe('session machine: login and signup', () => {
  it('session.login stores the CSRF token and the user', async () => {
    const s = start({}, {}, null);
    s.actor.send({
      type: 'session.login',
      session: { user: testUser({ verified: false }), csrf_token: 'csrf-login' },
    });
    expect(s.status()).toBe('unverified');
    expect(s.tokens.get()).toBe('csrf-login');
    expect(s.actor.getSnapshot().context.csrfToken).toBe('csrf-login');
  });

  it('session.signup thanks the user, shows the promo result and clears the stored promo', async () => {
    const s = start({}, { [PROMO_KEY]: JSON.stringify({ code: 'SPRING', place: 'promo' }) }, null);
    const result: SignupResult = { user: testUser({ verified: false }), csrf_token: 'csrf-s', promo_status: 'applied' };
    s.actor.send({ type: 'session.signup', result });
    expect(s.status()).toBe('unverified');
    expect(toasts()).toEqual([
      'Promo code applied successfully.',
      'Thanks for signing up. Please check your mailbox for further instructions.',
    ]);
    expect(s.storage.getItem(PROMO_KEY)).toBeNull();
    expect(s.actor.getSnapshot().context.isPromoCodeResultReceived).toBe(true);
  });

  it('an invalid promo at signup says so; no promo says nothing about promos', async () => {
    const s = start({}, {}, null);
    s.actor.send({
      type: 'session.signup',
      result: { user: testUser({ verified: false }), csrf_token: 'c', promo_status: 'invalid' },
    });
    expect(toasts()[0]).toBe('Invalid promo code.');

    toastStore.trigger.clear();
    const t = start({}, {}, null);
    t.actor.send({
      type: 'session.signup',
      result: { user: testUser({ verified: false }), csrf_token: 'c', promo_status: 'none' },
    });
    expect(toasts()).toEqual(['Thanks for signing up. Please check your mailbox for further instructions.']);
    expect(t.actor.getSnapshot().context.isPromoCodeResultReceived).toBe(false);
  });
});

describe('session machine: leaving', () => {
  it('logout calls the API, clears local data, announces, and goes to / only after 2 seconds', async () => {
    const s = start(
      { 'POST /api/v3/auth': session(testUser(), 'csrf-out'), 'POST /api/v3/logout': { status: 204 } },
      { 'timbre.last_used_voices': '{}', [THEME_KEY]: 'dark', 'other.app': 'kept' },
    );
    await s.settled();
    s.actor.send({ type: 'session.logout' });
    expect(s.status()).toBe('signingOut');
    expect(s.actor.getSnapshot().context.loadingGlobal).toBe(true);
    await waitFor(s.actor, (snap) => snap.matches('signedOut'));

    const logout = s.calls.find((c) => c.path === '/api/v3/logout')!;
    expect(logout.headers.get('X-CSRF-Token')).toBe('csrf-out');
    expect(s.tokens.get()).toBeNull();
    expect(s.storage.getItem('timbre.last_used_voices')).toBeNull();
    expect(s.storage.getItem(THEME_KEY)).toBe('dark');
    expect(s.storage.getItem('other.app')).toBe('kept');
    expect(s.actor.getSnapshot().context.user).toBeNull();
    expect(announced()).toContain('You are logged out. Taking you to the home page.');

    s.clock.increment(LOGOUT_REDIRECT_DELAY - 1);
    expect(s.navigate).not.toHaveBeenCalled();
    expect(s.status()).toBe('signingOut');
    s.clock.increment(1);
    expect(s.navigate).toHaveBeenCalledExactlyOnceWith('/');
    expect(s.status()).toBe('guest');
    expect(s.actor.getSnapshot().context.loadingGlobal).toBe(false);
  });

  it('logout still signs out locally when the call fails', async () => {
    const s = start({
      'POST /api/v3/auth': session(testUser()),
      'POST /api/v3/logout': { status: 500, body: { detail: 'Boom' } },
    });
    await s.settled();
    s.actor.send({ type: 'session.logout' });
    await waitFor(s.actor, (snap) => snap.matches('signedOut'));
    expect(s.tokens.get()).toBeNull();
    s.clock.increment(LOGOUT_REDIRECT_DELAY);
    expect(s.navigate).toHaveBeenCalledWith('/');
  });

  it('account deletion clears data and goes to / at once', async () => {
    const s = start(
      { 'POST /api/v3/auth': session(testUser()) },
      { [PRESELECTED_VOICE_KEY]: 'x', 'timbre.something': '1' },
    );
    await s.settled();
    s.actor.send({ type: 'session.deleted' });
    expect(s.status()).toBe('guest');
    expect(s.navigate).toHaveBeenCalledExactlyOnceWith('/');
    expect(s.storage.getItem('timbre.something')).toBeNull();
    expect(s.tokens.get()).toBeNull();
    expect(announced()).toContain('Your account was deleted.');
  });

  it('a session ended by the server (user.session_end) clears data, says why and goes to /', async () => {
    const s = start({ 'POST /api/v3/auth': session(testUser()) }, { 'timbre.something': '1' });
    await s.settled();
    s.actor.send({ type: 'session.ended', reason: 'elsewhere' });
    expect(s.status()).toBe('guest');
    expect(s.navigate).toHaveBeenCalledExactlyOnceWith('/');
    expect(s.storage.getItem('timbre.something')).toBeNull();
    expect(s.tokens.get()).toBeNull();
    expect(announced()).toContain('Your session was ended from another device.');
  });

  it('the global reset clears the session without navigating', async () => {
    const s = start({ 'POST /api/v3/auth': session(testUser()) });
    await s.settled();
    s.actor.send({ type: 'session.reset' });
    expect(s.status()).toBe('guest');
    expect(s.actor.getSnapshot().context.user).toBeNull();
    expect(s.tokens.get()).toBeNull();
    expect(s.navigate).not.toHaveBeenCalled();
  });

  it('a 401 from any call (the middleware hook) ends the session and goes to /', async () => {
    const s = start({
      'POST /api/v3/auth': session(testUser()),
      'PUT /api/v3/domain-info': { status: 401, body: { detail: 'Session expired' } },
    });
    await s.settled();
    await expect(
      s.api.auth.PUT('/api/v3/domain-info', { body: { profession: 'narrator', industry: 'audiobooks' } }),
    ).rejects.toMatchObject({ statusCode: 401 });
    expect(s.status()).toBe('guest');
    expect(s.navigate).toHaveBeenCalledExactlyOnceWith('/');
  });
});

describe('session machine: promo code and preselected voice after verification', () => {
  const promo = JSON.stringify({ code: 'SPRING', place: 'promo_email' });

  it('sends the stored promo once verified, clears it, says so and goes to the plan page', async () => {
    const applied = testUser({ stripe: { trial: true } });
    const s = start(
      {
        'POST /api/v3/auth': session(testUser()),
        'POST /api/v3/promo-code': { status: 200, body: { promo_status: 'applied', user: applied } },
      },
      { [PROMO_KEY]: promo },
    );
    await waitFor(s.actor, (snap) => snap.context.isPromoCodeResultReceived);
    expect(s.calls.find((c) => c.path === '/api/v3/promo-code')?.body).toEqual({
      promo_code: 'SPRING',
      place: 'promo_email',
    });
    expect(s.storage.getItem(PROMO_KEY)).toBeNull();
    expect(toasts()).toEqual(['Promo code applied successfully!']);
    expect(s.navigate).toHaveBeenCalledExactlyOnceWith('/account/plan');
    expect(s.actor.getSnapshot().context.user?.data.stripe.trial).toBe(true);
  });

  it('waits for verification: nothing is sent while unverified', async () => {
    const s = start(
      {
        'POST /api/v3/auth': session(testUser({ verified: false })),
        'POST /api/v3/promo-code': { status: 200, body: { promo_status: 'invalid', user: testUser() } },
      },
      { [PROMO_KEY]: promo },
    );
    await s.settled();
    expect(s.calls.some((c) => c.path === '/api/v3/promo-code')).toBe(false);
    expect(s.storage.getItem(PROMO_KEY)).toBe(promo);
    s.actor.send({ type: 'session.userUpdated', user: testUser() });
    await waitFor(s.actor, (snap) => snap.context.isPromoCodeResultReceived);
    expect(toasts()).toEqual(['Invalid promo code.']);
  });

  it('with a preselected voice: no plan page; the voice is saved as last used with pitch 0 and defaults', async () => {
    const s = start(
      {
        'POST /api/v3/auth': session(testUser()),
        'POST /api/v3/promo-code': { status: 200, body: { promo_status: 'applied', user: testUser() } },
        'POST /api/v2/voices/by-ids': { status: 200, body: { items: [voice] } },
      },
      { [PROMO_KEY]: promo, [PRESELECTED_VOICE_KEY]: VOICE_ID },
    );
    await waitFor(s.actor, (snap) => snap.matches({ authenticated: { extras: 'settled' } }));
    expect(s.navigate).not.toHaveBeenCalled();
    expect(s.storage.getItem(PRESELECTED_VOICE_KEY)).toBeNull();
    expect(s.calls.find((c) => c.path === '/api/v2/voices/by-ids')?.body).toEqual({ voice_ids: [VOICE_ID] });
    expect(readLastUsedVoices(s.storage)).toEqual({
      '1000': {
        id: VOICE_ID,
        name: 'Morgan',
        thumbnail: 'https://assets.timbre.test/morgan.png',
        pitch: 0,
        accent: 'en-US',
        accentName: 'American English',
        isDefault: true,
        narrationStyle: 'BASIC',
        narrationStyleName: 'Basic',
        isDefaultNarrationStyle: true,
        labelAccent: 'US',
        labelNarrationStyle: 'Basic',
        isVoiceTalent: false,
      },
    });
  });

  it('a voice that cannot be fetched is dropped with a warning, and nothing is saved', async () => {
    const s = start(
      {
        'POST /api/v3/auth': session(testUser()),
        'POST /api/v2/voices/by-ids': { status: 501, body: { detail: 'Not implemented' } },
      },
      { [PRESELECTED_VOICE_KEY]: VOICE_ID },
    );
    await waitFor(s.actor, (snap) => snap.matches({ authenticated: { extras: 'settled' } }));
    expect(s.storage.getItem(PRESELECTED_VOICE_KEY)).toBeNull();
    expect(s.storage.getItem(LAST_USED_VOICES_KEY)).toBeNull();
    expect(toasts()).toEqual([
      'The voice from your link could not be loaded. You can choose it again from the voices.',
    ]);
    expect(s.status()).toBe('verified');
  });

  it('a failed promo call says why and stays put', async () => {
    const s = start(
      {
        'POST /api/v3/auth': session(testUser()),
        'POST /api/v3/promo-code': { status: 429, body: { detail: { message: 'Slow down', retry_after: 125 } } },
      },
      { [PROMO_KEY]: promo },
    );
    await waitFor(s.actor, (snap) => snap.matches({ authenticated: { extras: 'settled' } }));
    expect(toasts()).toEqual(['Your promo code could not be applied: Too many attempts. Try again in 3 minutes.']);
    expect(s.navigate).not.toHaveBeenCalled();
    expect(s.actor.getSnapshot().context.isPromoCodeResultReceived).toBe(false);
  });

  it('a promo stored while already signed in and verified is sent at once', async () => {
    const s = start({
      'POST /api/v3/auth': session(testUser()),
      'POST /api/v3/promo-code': { status: 200, body: { promo_status: 'applied', user: testUser() } },
    });
    await waitFor(s.actor, (snap) => snap.matches({ authenticated: { extras: 'settled' } }));
    expect(s.calls.some((c) => c.path === '/api/v3/promo-code')).toBe(false);
    s.storage.setItem(PROMO_KEY, JSON.stringify({ code: 'LATER', place: 'promo' }));
    s.actor.send({ type: 'session.extrasStored' });
    await waitFor(s.actor, (snap) => snap.context.isPromoCodeResultReceived);
    expect(s.calls.find((c) => c.path === '/api/v3/promo-code')?.body).toEqual({ promo_code: 'LATER', place: 'promo' });
    expect(s.navigate).toHaveBeenCalledWith('/account/plan');
  });

  it('a guest storing a promo keeps it for after sign-in', async () => {
    const s = start({}, {}, null);
    s.storage.setItem(PROMO_KEY, promo);
    s.actor.send({ type: 'session.extrasStored' });
    expect(s.status()).toBe('guest');
    expect(s.storage.getItem(PROMO_KEY)).toBe(promo);
  });
});
