import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SESSION_TOKEN_KEY } from '../api/index.ts';
import { createFakeApi } from '../api/testing/fake-api.ts';
import { createMemoryStorage, testCredits, testSubscriptions, testUser } from '../api/testing/index.ts';
import {
  ACCESS_KEY,
  holdUntilFirstAnswers,
  isAwaitingFirstAnswers,
  rememberAccess,
  wasVerified,
} from './first-answers.ts';
import { createSessionMachine } from './session.machine.ts';
import { linkSubscription } from './subscription-context.tsx';
import { createSubscriptionMachine } from './subscription.machine.ts';

/** An answer the test releases when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** The app's session and plan actors, linked as main.tsx links them, over a fake network whose answers wait. */
function boot(user: ReturnType<typeof testUser> | null) {
  const auth = gate();
  const plan = gate();
  const storage = createMemoryStorage({ [SESSION_TOKEN_KEY]: 'csrf-stored' });
  const fake = createFakeApi(
    {
      'POST /api/v3/auth': async () => {
        await auth.opened;
        return user ? { status: 200, body: { user, csrf_token: 'csrf-1' } } : { status: 401, body: { detail: 'No' } };
      },
      'GET /api/v3/subscriptions': async () => {
        await plan.opened;
        return { status: 200, body: testSubscriptions() };
      },
      'GET /api/v3/credits': { status: 200, body: testCredits() },
    },
    { storage },
  );
  const session = createActor(
    createSessionMachine({ api: fake.api, tokens: fake.tokens, storage, navigate: vi.fn(), now: () => 1_000 }),
  ).start();
  const subscription = createActor(
    createSubscriptionMachine({
      api: fake.api,
      onUser: (next) => session.send({ type: 'session.userUpdated', user: next }),
      redirect: vi.fn(),
    }),
  ).start();
  linkSubscription(session, subscription);
  return { session, subscription, auth, plan, storage };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(() => vi.useRealTimers());

describe('a first load waits for its first answers', () => {
  it('holds the guards until the session check and then the plan have answered', async () => {
    const { session, subscription, auth, plan } = boot(testUser());
    holdUntilFirstAnswers(session, subscription);
    expect(isAwaitingFirstAnswers()).toBe(true);
    auth.open();
    await settle();
    // Signed in, the plan still loading: the page would be drawn again when it lands.
    expect(isAwaitingFirstAnswers()).toBe(true);
    plan.open();
    await settle();
    expect(isAwaitingFirstAnswers()).toBe(false);
  });

  it('lets a guest through as soon as the session check says so', async () => {
    const { session, subscription, auth } = boot(null);
    holdUntilFirstAnswers(session, subscription);
    auth.open();
    await settle();
    expect(isAwaitingFirstAnswers()).toBe(false);
  });

  it('lets an unverified user through as soon as the session check says so (they have no plan to wait for)', async () => {
    const { session, subscription, auth } = boot(testUser({ verified: false }));
    holdUntilFirstAnswers(session, subscription);
    auth.open();
    await settle();
    expect(isAwaitingFirstAnswers()).toBe(false);
  });

  it('stops waiting after the time limit when an answer never comes', async () => {
    vi.useFakeTimers();
    const { session, subscription } = boot(testUser());
    holdUntilFirstAnswers(session, subscription, 4000);
    expect(isAwaitingFirstAnswers()).toBe(true);
    await vi.advanceTimersByTimeAsync(4000);
    expect(isAwaitingFirstAnswers()).toBe(false);
  });

  it('holds nothing when the app never asked (stories, tests, later navigations)', () => {
    expect(isAwaitingFirstAnswers()).toBe(false);
  });
});

describe('the session remembered for the next first load', () => {
  it('says verified only once a session settled verified in this browser', async () => {
    const { session, auth, storage } = boot(testUser());
    rememberAccess(session, storage);
    expect(wasVerified(storage)).toBe(false);
    auth.open();
    await settle();
    expect(storage.getItem(ACCESS_KEY)).toBe('verified');
    expect(wasVerified(storage)).toBe(true);
  });

  it('says no for a session that settled unverified or signed out', async () => {
    const unverified = boot(testUser({ verified: false }));
    rememberAccess(unverified.session, unverified.storage);
    unverified.auth.open();
    await settle();
    expect(unverified.storage.getItem(ACCESS_KEY)).toBe('unverified');
    expect(wasVerified(unverified.storage)).toBe(false);

    const guest = boot(null);
    guest.storage.setItem(ACCESS_KEY, 'verified');
    rememberAccess(guest.session, guest.storage);
    guest.auth.open();
    await settle();
    expect(wasVerified(guest.storage)).toBe(false);
  });
});
