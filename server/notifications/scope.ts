import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from '../platform/db.ts';
import type { UserEvent, UserEventInput } from './wire.ts';

/**
 * Real-time user events (openapi/events.yaml). Services publish with publishUserEvent and do not care
 * where it goes: the event is stored in the `events` table, whose identity id is the event id a
 * reconnecting client resumes from, and a NOTIFY carries it (on commit) to every API process on the same
 * database — this one included — whose WebSocket hub hands it to the user's open sockets (only to the
 * sockets of `sessionIds` when given). The store is store.ts, the format wire.ts.
 *
 * Which store an event goes to: the app whose request (or job) is publishing (an AsyncLocalStorage scope
 * the app opens per request and per job), else the store installed last. A request's answer waits for
 * the events it published to be stored and delivered here (the app's onSend hook), so a client that got
 * the answer can count on the event. With no store installed at all (a script, a unit test without a
 * database) events stay in this process with ids from the clock, as before events were durable.
 */

export interface Delivery {
  userId: string;
  event: UserEvent;
  /**
   * Only these sessions' sockets get the event (e.g. user.session_end of one ended session must not sign
   * out the user's other devices); absent means every socket of the user.
   */
  sessionIds?: string[];
}

export type Listener = (delivery: Delivery) => void;

/** Where publishUserEvent sends an event. */
export interface EventSink {
  /**
   * `stored` resolves once the event is committed (or, with `tx`, written in that transaction), `delivered`
   * once this process's listeners had it. Neither rejects silently: a failure is logged by the caller.
   */
  publish(
    userId: string,
    input: UserEventInput,
    sessionIds: string[] | undefined,
    tx?: Db,
  ): { stored: Promise<UserEvent>; delivered: Promise<unknown> };
}

const globalListeners = new Set<Listener>();

/** Calls each listener with the delivery; one that throws is logged and the others still run. */
export function callEach(listeners: Iterable<Listener>, delivery: Delivery) {
  for (const listener of listeners) {
    try {
      listener(delivery);
    } catch (err) {
      // One broken subscriber must not fail the request that published, nor starve the others.
      console.error('A user-event listener failed', err);
    }
  }
}

/** Hands an event this process published to the subscribers of `subscribe`. */
export const deliverToSubscribers = (delivery: Delivery) => callEach(globalListeners, delivery);

/**
 * Calls `listener` with every event published from now on by this process (whichever app published it),
 * as delivered. Events other processes publish reach an app's own listeners (EventStore.subscribe), not
 * these. Returns the function that stops it.
 */
export function subscribe(listener: Listener): () => void {
  globalListeners.add(listener);
  return () => {
    globalListeners.delete(listener);
  };
}

/** No database: ids from the clock (they grow across restarts too), listeners called at once. */
let lastMemoryId = Date.now();
export const memorySink: EventSink = {
  publish(userId, input, sessionIds) {
    lastMemoryId += 1;
    const event = { id: lastMemoryId, created_at: new Date().toISOString(), ...input } as UserEvent;
    deliverToSubscribers({ userId, event, ...(sessionIds ? { sessionIds } : {}) });
    const done = Promise.resolve(event);
    return { stored: done, delivered: done };
  },
};

interface Scope {
  sink: EventSink;
  /** Deliveries of what was published in this scope, for settleEventScope. */
  pending: Promise<unknown>[];
  /** Set inside withEventTransaction: events are written in this transaction. */
  tx?: Db;
}

const scopes = new AsyncLocalStorage<Scope>();
const installed: EventSink[] = [];

export interface EventScope {
  readonly scope: Scope;
}

/** A scope in which publishUserEvent goes to `sink`; run code in it with runInEventScope. */
export function createEventScope(sink: EventSink): EventScope {
  return { scope: { sink, pending: [] } };
}

export function runInEventScope<T>(scope: EventScope, fn: () => T): T {
  return scopes.run(scope.scope, fn);
}

/** Waits until every event published in the scope so far was delivered (each waits a bounded time). */
export async function settleEventScope(scope: EventScope): Promise<void> {
  const { pending } = scope.scope;
  while (pending.length > 0) await Promise.allSettled(pending.splice(0));
}

/**
 * Runs `fn` with the events it publishes written in `tx`: they exist only if `tx` commits, together with
 * its other writes (a job's result, its completion). publishUserEvent then resolves once the event is
 * written; call the answered `delivered()` after the commit to wait until it reached the listeners.
 */
export async function withEventTransaction<T>(
  tx: Db,
  fn: () => Promise<T>,
): Promise<{ result: T; delivered: () => Promise<void> }> {
  const outer = scopes.getStore();
  const sink = outer?.sink ?? installed.at(-1) ?? memorySink;
  const inner: Scope = { sink, pending: [], tx };
  const result = await scopes.run(inner, fn);
  return {
    result,
    delivered: async () => {
      await Promise.allSettled(inner.pending);
    },
  };
}

/** Makes `sink` where events published outside any scope go (until it is uninstalled). */
export function installEventSink(sink: EventSink): () => void {
  installed.push(sink);
  return () => {
    const i = installed.lastIndexOf(sink);
    if (i >= 0) installed.splice(i, 1);
  };
}

/**
 * Publishes one event to the user; resolves to it as delivered (with its durable id). Callers need not
 * await it: a request's answer waits for its events anyway, and a failure is logged, never thrown at a
 * caller that did not ask.
 */
export function publishUserEvent(
  userId: string,
  input: UserEventInput,
  options: { sessionIds?: string[] } = {},
): Promise<UserEvent> {
  const scope = scopes.getStore();
  const sink = scope?.sink ?? installed.at(-1) ?? memorySink;
  const { stored, delivered } = sink.publish(userId, input, options.sessionIds, scope?.tx);
  const settled = delivered.catch(() => undefined);
  scope?.pending.push(settled);
  const result = scope?.tx ? stored : Promise.all([stored, settled]).then(([event]) => event);
  result.catch((err: unknown) => console.error(`Could not publish ${input.type} to user ${userId}`, err));
  return result;
}
