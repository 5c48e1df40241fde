import { beforeEach, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { announcementLog, clearAnnouncements, toastStore } from '../../design-system/index.ts';
import { createFakeApi } from '../api/testing/fake-api.ts';
import { testCredits, testSubscriptions, testUser, type FakeAnswer, type FakeRoutes } from '../api/testing/index.ts';
import { canConvert } from './plan-rules.ts';
import type { User } from './session-flags.ts';
import {
  busyActionOf,
  createSubscriptionMachine,
  planFactsOf,
  planStateOf,
  startEarlyPlan,
  type SubscriptionSnapshot,
} from './subscription.machine.ts';

const trialUser = testUser({ stripe: { subscription_status: 'trialing', trial: true, trial_used: true } });
const newUser = testUser();

function start(routes: FakeRoutes = {}) {
  const { api, calls } = createFakeApi({
    'GET /api/v3/subscriptions': { status: 200, body: testSubscriptions() },
    'GET /api/v3/credits': { status: 200, body: testCredits({ seconds: 0, chars: 0 }) },
    ...routes,
  });
  const users: User[] = [];
  const redirects: string[] = [];
  const actor = createActor(
    createSubscriptionMachine({
      api,
      onUser: (user) => {
        users.push(user);
        // As the app does: the session takes the user, and the subscription hears it back.
        actor.send({ type: 'subscription.user', user });
      },
      redirect: (url) => redirects.push(url),
    }),
  ).start();
  return { actor, calls, users, redirects };
}

const ready = (s: SubscriptionSnapshot) => s.matches({ signedIn: { data: 'ready' } });
const idle = (s: SubscriptionSnapshot) => s.matches({ signedIn: { action: 'idle' } });

beforeEach(() => {
  clearAnnouncements();
  toastStore.trigger.clear();
});

describe('subscription machine', () => {
  it('waits for a verified user, then loads the plan and the credits', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'subscription.user', user: testUser({ verified: false }) });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(calls).toHaveLength(0);

    actor.send({ type: 'subscription.user', user: trialUser });
    const snapshot = await waitFor(actor, ready);
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      'GET /api/v3/credits',
      'GET /api/v3/subscriptions',
    ]);
    expect(snapshot.context.subscriptions?.prices.length).toBeGreaterThan(10);
    expect(planStateOf(snapshot)).toBe('trial');
  });

  it('takes the plan and credits a first load asked for early, once, and asks the server itself after', async () => {
    const early = createFakeApi({
      'GET /api/v3/subscriptions': { status: 200, body: testSubscriptions() },
      'GET /api/v3/credits': { status: 200, body: testCredits({ seconds: 4321 }) },
    });
    startEarlyPlan(early.api);
    const { actor, calls } = start();
    actor.send({ type: 'subscription.user', user: trialUser });
    const snapshot = await waitFor(actor, ready);
    expect(calls).toHaveLength(0);
    expect(early.calls.map((c) => c.path).sort()).toEqual(['/api/v3/credits', '/api/v3/subscriptions']);
    expect(snapshot.context.credits?.available_seconds).toBe(4321);

    actor.send({ type: 'subscription.refresh' });
    await waitFor(actor, (s) => s.matches({ signedIn: { data: 'loading' } }));
    await waitFor(actor, ready);
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/v3/credits', '/api/v3/subscriptions']);
  });

  it('skips the credits for an admin (SPEC.md section 6)', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'subscription.user', user: { ...testUser(), roles: ['admin'] } });
    const snapshot = await waitFor(actor, ready);
    expect(calls.map((c) => c.path)).toEqual(['/api/v3/subscriptions']);
    expect(snapshot.context.credits).toBeNull();
  });

  it('follows the plan states of SPEC.md section 4 from the user’s data', async () => {
    const { actor } = start();
    const states: [User, string][] = [
      [newUser, 'none'],
      [trialUser, 'trial'],
      [testUser({ stripe: { trial_used: true } }), 'trialExpired'],
      [testUser({ stripe: { subscription_status: 'active', subscription_category: 'creator' } }), 'active'],
      [testUser({ stripe: { subscription_status: 'incomplete', subscription_category: 'creator' } }), 'incomplete'],
      [testUser({ stripe: { subscription_status: 'unpaid', subscription_category: 'creator' } }), 'unpaid'],
    ];
    for (const [user, state] of states) {
      actor.send({ type: 'subscription.user', user });
      expect(planStateOf(actor.getSnapshot())).toBe(state);
    }
    actor.send({ type: 'subscription.user', user: null });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(actor.getSnapshot().context.credits).toBeNull();
  });

  it('loads again when the plan changes, not when another field does', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'subscription.user', user: newUser });
    await waitFor(actor, ready);
    actor.send({ type: 'subscription.user', user: { ...newUser, first_name: 'Augusta' } });
    expect(ready(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'subscription.user', user: trialUser });
    expect(actor.getSnapshot().matches({ signedIn: { data: 'loading' } })).toBe(true);
    await waitFor(actor, ready);
    expect(calls.filter((c) => c.path === '/api/v3/subscriptions')).toHaveLength(2);
  });

  it('keeps the credits live from credits.updated2, so the rules answer from them', async () => {
    const { actor } = start({ 'GET /api/v3/credits': { status: 200, body: testCredits({ seconds: 0 }) } });
    actor.send({ type: 'subscription.user', user: trialUser });
    await waitFor(actor, ready);
    expect(canConvert(planFactsOf(actor.getSnapshot())!, 10)).toEqual({ ok: false, reason: 'out_of_minutes' });
    actor.send({ type: 'subscription.credits', credits: testCredits({ seconds: 600 }) });
    expect(canConvert(planFactsOf(actor.getSnapshot())!, 10)).toEqual({ ok: true });
  });

  it('starts the free trial, hands the new user to the session and announces it', async () => {
    const { actor, calls, users } = start({
      'POST /api/v3/start-trial': { status: 200, body: { user: trialUser, promo_status: 'none' } },
    });
    actor.send({ type: 'subscription.user', user: newUser });
    await waitFor(actor, ready);
    actor.send({ type: 'subscription.startTrial' });
    expect(busyActionOf(actor.getSnapshot())).toBe('startingTrial');
    const snapshot = await waitFor(actor, (s) => idle(s) && ready(s) && planStateOf(s) === 'trial');
    expect(users).toEqual([trialUser]);
    expect(calls.find((c) => c.path === '/api/v3/start-trial')?.body).toEqual({});
    expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toContain(
      'Your free trial has started.',
    );
    expect(snapshot.context.error).toBeNull();
  });

  it('says why a trial cannot start, and stays where it was', async () => {
    const { actor } = start({
      'POST /api/v3/start-trial': { status: 409, body: { detail: 'Your free trial has been used already.' } },
    });
    actor.send({ type: 'subscription.user', user: testUser({ stripe: { trial_used: true } }) });
    await waitFor(actor, ready);
    actor.send({ type: 'subscription.startTrial' });
    const snapshot = await waitFor(actor, (s) => idle(s) && s.context.error !== null);
    expect(snapshot.context.error).toBe('Your free trial has been used already.');
    expect(toastStore.getSnapshot().context.toasts.map((t) => t.message)).toContain(
      'Your free trial has been used already.',
    );
    expect(planStateOf(snapshot)).toBe('trialExpired');
  });

  it('stops the trial', async () => {
    const { actor, users } = start({
      'POST /api/v3/stop-trial': { status: 200, body: testUser({ stripe: { trial_used: true } }) },
    });
    actor.send({ type: 'subscription.user', user: trialUser });
    await waitFor(actor, ready);
    actor.send({ type: 'subscription.stopTrial' });
    const snapshot = await waitFor(actor, (s) => idle(s) && planStateOf(s) === 'trialExpired');
    expect(users).toHaveLength(1);
    expect(announcementLog.getSnapshot().context.entries.map((e) => e.message)).toContain('Your free trial has ended.');
    expect(snapshot.context.error).toBeNull();
  });

  it('opens checkout for a price and sends the browser to the provider', async () => {
    const { actor, calls, redirects } = start({
      'POST /api/v3/checkout-session': { status: 200, body: { url: 'https://pay.example/checkout/1' } },
    });
    actor.send({ type: 'subscription.user', user: trialUser });
    await waitFor(actor, ready);
    actor.send({ type: 'subscription.checkout', price: 'per-minute', revenueUnderLimit: true });
    await waitFor(actor, (s) => busyActionOf(s) === 'redirecting');
    expect(redirects).toEqual(['https://pay.example/checkout/1']);
    expect(calls.find((c) => c.path === '/api/v3/checkout-session')?.body).toEqual({
      price: 'per-minute',
      revenue_under_limit: true,
    });
  });

  it('keeps a refused checkout’s reason and goes nowhere', async () => {
    const { actor, redirects } = start({
      'POST /api/v3/checkout-session': {
        status: 422,
        body: { detail: 'Confirm your revenue is under $1M', field: 'body/revenue_under_limit' },
      },
    });
    actor.send({ type: 'subscription.user', user: trialUser });
    await waitFor(actor, ready);
    actor.send({ type: 'subscription.checkout', price: 'per-minute' });
    const snapshot = await waitFor(actor, (s) => idle(s) && s.context.error !== null);
    expect(snapshot.context.error).toBe('Confirm your revenue is under $1M');
    expect(redirects).toEqual([]);
  });

  it('opens the customer portal', async () => {
    const { actor, redirects } = start({
      'POST /api/v3/customer-portal': { status: 200, body: { url: 'https://pay.example/portal/1' } },
    });
    actor.send({
      type: 'subscription.user',
      user: testUser({ stripe: { subscription_status: 'active', subscription_category: 'creator' } }),
    });
    await waitFor(actor, ready);
    actor.send({ type: 'subscription.portal' });
    await waitFor(actor, (s) => busyActionOf(s) === 'redirecting');
    expect(redirects).toEqual(['https://pay.example/portal/1']);
  });

  it('shows a failed load and loads again on refresh', async () => {
    let answer: FakeAnswer<'GET /api/v3/subscriptions'> = {
      status: 500,
      body: { detail: 'The database is not reachable' },
    };
    const { actor } = start({ 'GET /api/v3/subscriptions': () => answer });
    actor.send({ type: 'subscription.user', user: trialUser });
    const failed = await waitFor(actor, (s) => s.matches({ signedIn: { data: 'failed' } }));
    expect(failed.context.error).toBe('The database is not reachable');
    answer = { status: 200, body: testSubscriptions() };
    actor.send({ type: 'subscription.refresh' });
    const snapshot = await waitFor(actor, ready);
    expect(snapshot.context.error).toBeNull();
  });
});
