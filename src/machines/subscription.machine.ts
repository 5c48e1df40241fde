import type { Middleware } from 'openapi-fetch';
import { assertEvent, assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { announceAction, addToast } from '../../design-system/index.ts';
import type { components } from '../../openapi/generated/auth.js';
import { body, keepSessionOn401, type ApiClients } from '../api/index.ts';
import { startEarly, takeEarly } from '../api/early-requests.ts';
import { t } from '../i18n/index.ts';
import { failureMessage } from './failure-message.ts';
import { planFacts, type Credits, type PlanFacts } from './plan-rules.ts';
import { isVerified, type User } from './session-flags.ts';

export type Subscriptions = components['schemas']['Subscriptions'];
export type TrialStarted = components['schemas']['TrialStarted'];

export interface SubscriptionContext {
  /** The signed-in, verified user whose plan this is; null otherwise. */
  user: User | null;
  /** GET /api/v3/subscriptions: the price list and the user's current plan. */
  subscriptions: Subscriptions | null;
  /** GET /api/v3/credits, kept live by credits.updated2; null for admins (SPEC.md section 6) and until loaded. */
  credits: Credits | null;
  /** The last failure of loading or of an action, for the screen to show where it happened. */
  error: string | null;
}

export type SubscriptionEvent =
  /** The session's user changed (signed in, verified, updated, signed out: null). */
  | { type: 'subscription.user'; user: User | null }
  /** credits.updated2 brought new balances. */
  | { type: 'subscription.credits'; credits: Credits }
  /** Load the plan and the credits again (after a payment, or a Retry). */
  | { type: 'subscription.refresh' }
  | { type: 'subscription.startTrial'; promoCode?: string }
  | { type: 'subscription.stopTrial' }
  /** Checkout of a price: a plan, a TTS tier, Per Minute (with the revenue confirmation) or a credit pack. */
  | { type: 'subscription.checkout'; price: string; revenueUnderLimit?: boolean }
  /** The payment provider's customer portal. */
  | { type: 'subscription.portal' };

export interface SubscriptionDeps {
  api: ApiClients;
  /** The server answered with a newer user (the trial started or stopped): the session takes it. */
  onUser: (user: User) => void;
  /** Sends the browser to the payment provider's page. */
  redirect: (url: string) => void;
}

/** Whether the plan's user changed in a way that changes the plan (or it is somebody else). */
function planChanged(before: User | null, after: User | null): boolean {
  if (!before || !after || before.id !== after.id) return true;
  return (
    JSON.stringify(before.data.stripe) !== JSON.stringify(after.data.stripe) ||
    before.roles.join() !== after.roles.join()
  );
}

export const PLAN_STATES = ['none', 'trial', 'trialExpired', 'active', 'incomplete', 'unpaid'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

/** SPEC.md section 4: where a user's subscription stands, from their data.stripe. */
export function planStateName(user: User | null): PlanState {
  if (!user) return 'none';
  const facts = planFacts(user);
  if (facts.trial) return 'trial';
  if (facts.trialExpired) return 'trialExpired';
  const status = user.data.stripe.subscription_status;
  return status === 'active' || status === 'incomplete' || status === 'unpaid' ? status : 'none';
}

const isAdmin = (user: User | null) => user?.roles.includes('admin') === true;

const EARLY_PLAN = 'GET /api/v3/subscriptions';
const EARLY_CREDITS = 'GET /api/v3/credits';

/** GET /api/v3/subscriptions; `middleware` as openapi-fetch takes it per call. */
const fetchPlan = (api: ApiClients, middleware: Middleware[] = []) =>
  api.auth.GET('/api/v3/subscriptions', { middleware }).then(({ data }) => body(data));

/** GET /api/v3/credits. */
const fetchCredits = (api: ApiClients, middleware: Middleware[] = []) =>
  api.auth.GET('/api/v3/credits', { middleware }).then(({ data }) => body(data));

/**
 * A signed-in first load asks for the plan and the credits beside the session check (see early-requests.ts),
 * rather than once its answer has named the user: the first page waits for them (first-answers.ts). A 401 here
 * signs nobody out: the session check answers for the session.
 */
export function startEarlyPlan(api: ApiClients): void {
  startEarly(EARLY_PLAN, () => fetchPlan(api, [keepSessionOn401]));
  startEarly(EARLY_CREDITS, () => fetchCredits(api, [keepSessionOn401]));
}

/**
 * The subscription statechart (the design card's "subscription state"; SPEC.md sections 4, 6 and 9):
 *
 * - `signedOut` until the session has a verified user;
 * - `signedIn`, three regions:
 *   - `data`: `loading` (the price list with the user's plan, and the credits unless an admin) → `ready` |
 *     `failed` (Retry is `subscription.refresh`); a changed plan in the user's data loads again;
 *   - `plan`: where the subscription stands — `none`, `trial`, `trialExpired`, `active`, `incomplete`,
 *     `unpaid` — from the user's data.stripe (SPEC.md section 4's statuses and flags);
 *   - `action`: `idle`, `startingTrial`, `stoppingTrial`, `checkingOut`, `openingPortal`, and `redirecting`
 *     once the provider's page is on its way. Each outcome is announced; a failure is kept in `error`.
 *
 * "Can the user do X" is never asked here: `planFacts(snapshot)` gives the plan-rules their input.
 */
export function createSubscriptionMachine({ api, onUser, redirect }: SubscriptionDeps) {
  return setup({
    types: {
      context: {} as SubscriptionContext,
      events: {} as SubscriptionEvent,
    },
    actors: {
      loadPlan: fromPromise(async ({ input }: { input: { withCredits: boolean } }) => {
        // A first load's plan may have been asked for already, beside the session check (startEarlyPlan).
        const early = takeEarly<Subscriptions>(EARLY_PLAN);
        const earlyCredits = takeEarly<Credits>(EARLY_CREDITS);
        const [subscriptions, credits] = await Promise.all([
          early ?? fetchPlan(api),
          input.withCredits ? (earlyCredits ?? fetchCredits(api)) : Promise.resolve(null),
        ]);
        return { subscriptions, credits };
      }),
      startTrial: fromPromise(async ({ input }: { input: { promoCode?: string } }) => {
        const { data } = await api.auth.POST('/api/v3/start-trial', {
          body: input.promoCode ? { promo_code: input.promoCode } : {},
        });
        if (!data) throw new Error('The trial answer was empty');
        return data;
      }),
      stopTrial: fromPromise(async () => {
        const { data } = await api.auth.POST('/api/v3/stop-trial');
        if (!data) throw new Error('The trial answer was empty');
        return data;
      }),
      checkout: fromPromise(async ({ input }: { input: { price: string; revenueUnderLimit?: boolean } }) => {
        const { data } = await api.auth.POST('/api/v3/checkout-session', {
          body: {
            price: input.price,
            ...(input.revenueUnderLimit === undefined ? {} : { revenue_under_limit: input.revenueUnderLimit }),
          },
        });
        if (!data) throw new Error('The checkout answer was empty');
        return data.url;
      }),
      portal: fromPromise(async () => {
        const { data } = await api.auth.POST('/api/v3/customer-portal');
        if (!data) throw new Error('The portal answer was empty');
        return data.url;
      }),
    },
    actions: {
      announce: announceAction,
      toastError: (_, params: { message: string }) => void addToast({ message: params.message, severity: 'error' }),
      redirect: (_, params: { url: string }) => redirect(params.url),
      tellSession: (_, params: { user: User }) => onUser(params.user),
      keepFailure: assign({ error: (_, params: { error: unknown }) => failureMessage(params.error) }),
      clearFailure: assign({ error: null }),
    },
    guards: {
      verifiedUser: ({ event }) => {
        assertEvent(event, 'subscription.user');
        return isVerified(event.user);
      },
      notVerifiedUser: ({ event }) => {
        assertEvent(event, 'subscription.user');
        return !isVerified(event.user);
      },
      planChanged: ({ context, event }) => {
        assertEvent(event, 'subscription.user');
        return planChanged(context.user, event.user);
      },
      planIs: ({ context }, params: { state: PlanState }) => planStateName(context.user) === params.state,
    },
  }).createMachine({
    id: 'subscription',
    context: { user: null, subscriptions: null, credits: null, error: null },
    initial: 'signedOut',
    states: {
      signedOut: {
        entry: assign({ subscriptions: null, credits: null, error: null }),
        on: {
          'subscription.user': [
            {
              guard: 'verifiedUser',
              target: 'signedIn',
              actions: assign({ user: ({ event }) => event.user }),
            },
            { actions: assign({ user: ({ event }) => event.user }) },
          ],
        },
      },
      signedIn: {
        type: 'parallel',
        on: {
          'subscription.user': [
            {
              guard: 'notVerifiedUser',
              target: 'signedOut',
              actions: assign({ user: ({ event }) => event.user }),
            },
            {
              guard: 'planChanged',
              target: '.data.loading',
              actions: assign({ user: ({ event }) => event.user }),
            },
            { actions: assign({ user: ({ event }) => event.user }) },
          ],
          'subscription.credits': { actions: assign({ credits: ({ event }) => event.credits }) },
          'subscription.refresh': '.data.loading',
        },
        states: {
          data: {
            initial: 'loading',
            states: {
              loading: {
                invoke: {
                  src: 'loadPlan',
                  input: ({ context }) => ({ withCredits: !isAdmin(context.user) }),
                  onDone: {
                    target: 'ready',
                    actions: [
                      'clearFailure',
                      assign({
                        subscriptions: ({ event }) => event.output.subscriptions,
                        credits: ({ event }) => event.output.credits,
                      }),
                    ],
                  },
                  onError: {
                    target: 'failed',
                    actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                  },
                },
              },
              ready: {},
              failed: {},
            },
          },
          plan: {
            initial: 'none',
            // Each state leaves for the one the user's data.stripe names, re-read after every event.
            states: Object.fromEntries(
              PLAN_STATES.map((name) => [
                name,
                {
                  always: PLAN_STATES.filter((other) => other !== name).map((other) => ({
                    guard: { type: 'planIs' as const, params: { state: other } },
                    target: other,
                  })),
                },
              ]),
            ) as Record<PlanState, object>,
          },
          action: {
            initial: 'idle',
            states: {
              idle: {
                on: {
                  'subscription.startTrial': 'startingTrial',
                  'subscription.stopTrial': 'stoppingTrial',
                  'subscription.checkout': 'checkingOut',
                  'subscription.portal': 'openingPortal',
                },
              },
              startingTrial: {
                invoke: {
                  src: 'startTrial',
                  input: ({ event }) => {
                    assertEvent(event, 'subscription.startTrial');
                    return { promoCode: event.promoCode };
                  },
                  onDone: {
                    target: 'idle',
                    actions: [
                      'clearFailure',
                      { type: 'tellSession', params: ({ event }) => ({ user: event.output.user }) },
                      {
                        type: 'announce',
                        params: { message: t('billing.trial.started'), politeness: 'polite' as const },
                      },
                    ],
                  },
                  onError: {
                    target: 'idle',
                    actions: [
                      { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                      { type: 'toastError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                    ],
                  },
                },
              },
              stoppingTrial: {
                invoke: {
                  src: 'stopTrial',
                  onDone: {
                    target: 'idle',
                    actions: [
                      'clearFailure',
                      { type: 'tellSession', params: ({ event }) => ({ user: event.output }) },
                      {
                        type: 'announce',
                        params: { message: t('billing.trial.stopped'), politeness: 'polite' as const },
                      },
                    ],
                  },
                  onError: {
                    target: 'idle',
                    actions: [
                      { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                      { type: 'toastError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                    ],
                  },
                },
              },
              checkingOut: {
                invoke: {
                  src: 'checkout',
                  input: ({ event }) => {
                    assertEvent(event, 'subscription.checkout');
                    return { price: event.price, revenueUnderLimit: event.revenueUnderLimit };
                  },
                  onDone: {
                    target: 'redirecting',
                    actions: [
                      'clearFailure',
                      {
                        type: 'announce',
                        params: { message: t('billing.checkout.opening'), politeness: 'polite' as const },
                      },
                      { type: 'redirect', params: ({ event }) => ({ url: event.output }) },
                    ],
                  },
                  onError: {
                    target: 'idle',
                    actions: [
                      { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                      { type: 'toastError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                    ],
                  },
                },
              },
              openingPortal: {
                invoke: {
                  src: 'portal',
                  onDone: {
                    target: 'redirecting',
                    actions: [
                      'clearFailure',
                      {
                        type: 'announce',
                        params: { message: t('billing.portal.opening'), politeness: 'polite' as const },
                      },
                      { type: 'redirect', params: ({ event }) => ({ url: event.output }) },
                    ],
                  },
                  onError: {
                    target: 'idle',
                    actions: [
                      { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
                      { type: 'toastError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
                    ],
                  },
                },
              },
              // The browser is leaving for the provider's page; if it comes back (the back button) it may try again.
              redirecting: {
                after: { 10_000: 'idle' },
              },
            },
          },
        },
      },
    },
  });
}

export type SubscriptionMachine = ReturnType<typeof createSubscriptionMachine>;
export type SubscriptionActor = ActorRefFrom<SubscriptionMachine>;
export type SubscriptionSnapshot = SnapshotFrom<SubscriptionMachine>;

/** The rules' input from a snapshot: the user's plan and the live credits (null when signed out). */
export function planFactsOf(snapshot: SubscriptionSnapshot): PlanFacts | null {
  const { user, credits } = snapshot.context;
  return user ? planFacts(user, credits) : null;
}

/** Where the subscription stands (SPEC.md section 4): the `plan` region's state, or null when signed out. */
export function planStateOf(snapshot: SubscriptionSnapshot): PlanState | null {
  if (!snapshot.matches('signedIn')) return null;
  return (snapshot.value as { signedIn: { plan: PlanState } }).signedIn.plan;
}

/** The busy action, if any. */
export function busyActionOf(snapshot: SubscriptionSnapshot): string | null {
  if (!snapshot.matches('signedIn')) return null;
  const value = snapshot.value as { signedIn: { action: string } };
  return value.signedIn.action === 'idle' ? null : value.signedIn.action;
}
