import type { components } from '../../openapi/generated/events.js';

/**
 * The wire format of real-time user events: the event itself (openapi/events.yaml, what /ws sends), what
 * the `events` table keeps of it in `payload`, and what a NOTIFY carries between processes.
 */

export type UserEvent = components['schemas']['Event'];
export type UserEventType = UserEvent['type'];

/** What a publisher gives: the type and its payload; the hub adds id and created_at. */
export type UserEventInput = UserEvent extends infer E
  ? E extends { type: infer T; data: infer D }
    ? { type: T; data: D }
    : never
  : never;

/** The channel events travel on between processes. */
export const EVENTS_CHANNEL = 'timbre_events';
/** NOTIFY payloads must stay under 8000 bytes: a bigger event goes as its id, and receivers read the row. */
const NOTIFY_LIMIT = 7900;

/** What the events table keeps in `payload`: the event's data and, for scoped events, the sessions. */
export interface StoredPayload {
  data: unknown;
  session_ids?: string[];
}

/** One event on its way: to whom, what, and (when scoped) only to which sessions' sockets. */
export interface Outgoing {
  userId: string;
  input: UserEventInput;
  sessionIds: string[] | undefined;
}

/** What goes over the bus: the id, user, origin and scope, and the event itself when it fits. */
export interface Wire {
  i: number;
  u: string;
  o: string;
  s: string[] | null;
  t?: string;
  p?: StoredPayload;
  c?: string;
}

/** An events row as raw SQL reads it. */
export interface EventRow {
  id: string | number;
  user_id: string;
  type: string;
  payload: StoredPayload | string;
  created_at: Date | string;
}

export const storedPayloadOf = (item: Outgoing): StoredPayload => ({
  data: item.input.data,
  ...(item.sessionIds ? { session_ids: item.sessionIds } : {}),
});

export function eventOf(id: number, type: string, payload: StoredPayload, createdAt: Date | string): UserEvent {
  return {
    id,
    created_at: new Date(createdAt).toISOString(),
    type,
    data: payload.data,
  } as UserEvent;
}

/** A stored payload as the driver returns it (jsonb as an object, or as text). */
export const parsed = (p: StoredPayload | string): StoredPayload =>
  typeof p === 'string' ? (JSON.parse(p) as StoredPayload) : p;

/**
 * Room a notification keeps for what the database adds to a wire's fragment (its id, its time and the
 * braces): `"i":9223372036854775807,"c":"2026-01-01T00:00:00.000Z",` and `{}` are 63 bytes.
 */
const ADDED_BY_DATABASE = 64;

/**
 * A wire without its id and time, as the inside of a JSON object (`"u":…,"o":…`): the database writes
 * the event and completes the wire in the same statement (id and time are its own), so a NOTIFY costs no
 * round trip of its own. The whole event when it fits a notification, else only its address.
 */
export function wireFragment(origin: string, item: Outgoing): string {
  const address = { u: item.userId, o: origin, s: item.sessionIds ?? null };
  const whole = JSON.stringify({ ...address, t: item.input.type, p: storedPayloadOf(item) });
  // Too big for a notification: receivers read the row.
  const text = Buffer.byteLength(whole) + ADDED_BY_DATABASE > NOTIFY_LIMIT ? JSON.stringify(address) : whole;
  return text.slice(1, -1);
}

/** The wires of one notification payload (one wire or an array of them); null when it is not ours. */
export function unpack(raw: string): Wire[] | null {
  try {
    const message = JSON.parse(raw) as Wire | Wire[];
    return Array.isArray(message) ? message : [message];
  } catch {
    return null;
  }
}
