import type { components } from '../../openapi/generated/events.js';

/**
 * The in-process hub of real-time user events (openapi/events.yaml). Services publish here; the
 * WebSocket of the notification service (issue 6) subscribes and delivers each event to the user's open
 * sockets — and, for events scoped to sessions, only to the sockets of those sessions. Until then the
 * hub has no socket subscriber and tests subscribe to see what was published.
 *
 * Issue 6 also makes events durable: it stores them in the `events` table (whose identity id becomes
 * the event id a reconnecting client resumes from) and fans them out between API processes with
 * PostgreSQL LISTEN/NOTIFY. Publishers do not change: they keep calling publishUserEvent.
 */

export type UserEvent = components['schemas']['Event'];
export type UserEventType = UserEvent['type'];

/** What a publisher gives: the type and its payload; the hub adds id and created_at. */
export type UserEventInput = UserEvent extends infer E
  ? E extends { type: infer T; data: infer D }
    ? { type: T; data: D }
    : never
  : never;

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

const listeners = new Set<Listener>();
// Ids only grow within this process; starting from the clock keeps them growing across restarts too,
// until issue 6 takes them from the events table.
let lastId = Date.now();

/** Publishes one event to the user; returns it as delivered. Listeners run synchronously, in order. */
export function publishUserEvent(
  userId: string,
  input: UserEventInput,
  options: { sessionIds?: string[] } = {},
): UserEvent {
  lastId += 1;
  const event = { id: lastId, created_at: new Date().toISOString(), ...input } as UserEvent;
  const delivery: Delivery = { userId, event, ...(options.sessionIds ? { sessionIds: options.sessionIds } : {}) };
  for (const listener of listeners) {
    try {
      listener(delivery);
    } catch (err) {
      // One broken subscriber must not fail the request that published, nor starve the others.
      console.error('A user-event listener failed', err);
    }
  }
  return event;
}

/** Calls `listener` with every event published from now on; returns the function that stops it. */
export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
