import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import { onLiveEvents } from './live-events.ts';
import type { PlanFacts } from './plan-rules.ts';
import type { SessionActor } from './session-context.tsx';
import {
  busyActionOf,
  planFactsOf,
  planStateOf,
  type PlanState,
  type SubscriptionActor,
  type SubscriptionContext,
  type SubscriptionEvent,
} from './subscription.machine.ts';

const Context = createContext<SubscriptionActor | null>(null);

/** Gives routes and features the app's one subscription actor. */
export function SubscriptionProvider({ actor, children }: { actor: SubscriptionActor; children: ReactNode }) {
  return <Context.Provider value={actor}>{children}</Context.Provider>;
}

export function useSubscriptionActor(): SubscriptionActor {
  const actor = useContext(Context);
  if (!actor) throw new Error('useSubscription needs a <SubscriptionProvider> above it');
  return actor;
}

export interface SubscriptionView {
  /** Where the subscription stands (SPEC.md section 4); null when signed out. */
  state: PlanState | null;
  /** The plan-rules' input; null when signed out. */
  facts: PlanFacts | null;
  subscriptions: SubscriptionContext['subscriptions'];
  credits: SubscriptionContext['credits'];
  error: string | null;
  loading: boolean;
  failed: boolean;
  /** The action under way (startingTrial, checkingOut, redirecting…), or null. */
  busy: string | null;
  send: (event: SubscriptionEvent) => void;
}

/** What a screen needs of the subscription: its state, the rules' facts, the price list, credits and `send`. */
export function useSubscription(): SubscriptionView {
  const actor = useSubscriptionActor();
  const state = useSelector(actor, planStateOf);
  const facts = useSelector(actor, planFactsOf, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const subscriptions = useSelector(actor, (s) => s.context.subscriptions);
  const credits = useSelector(actor, (s) => s.context.credits);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = useSelector(actor, (s) => s.matches({ signedIn: { data: 'loading' } }));
  const failed = useSelector(actor, (s) => s.matches({ signedIn: { data: 'failed' } }));
  const busy = useSelector(actor, busyActionOf);
  return { state, facts, subscriptions, credits, error, loading, failed, busy, send: actor.send };
}

/**
 * Keeps the subscription on the session's user and the live credits: the session's user is sent on every
 * change, credits.updated2 brings new balances, and events lost while offline load everything again.
 * Returns the function that stops it.
 */
export function linkSubscription(session: SessionActor, subscription: SubscriptionActor): () => void {
  let user = session.getSnapshot().context.user;
  subscription.send({ type: 'subscription.user', user });
  const sessionWatch = session.subscribe((snapshot) => {
    if (snapshot.context.user === user) return;
    user = snapshot.context.user;
    subscription.send({ type: 'subscription.user', user });
  });
  const stopLive = onLiveEvents((events, { gap }) => {
    if (gap) subscription.send({ type: 'subscription.refresh' });
    for (const event of events) {
      if (event.type === 'credits.updated2')
        subscription.send({ type: 'subscription.credits', credits: event.data.credits });
    }
  });
  return () => {
    sessionWatch.unsubscribe();
    stopLive();
  };
}
