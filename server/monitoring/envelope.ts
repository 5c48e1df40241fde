import { createHash } from 'node:crypto';

/**
 * Sentry envelopes (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON header line, then items,
 * each a JSON header line and a payload — `length` bytes when the item header gives one, else up to the
 * next newline. What the tunnel keeps of an event is an ErrorEvent; everything else is dropped.
 */

/** The message Sentry's `ignoreErrors` drops in both SDKs (SPEC.md section 8); the tunnel drops it too. */
export const IGNORED_MESSAGES = ['Failed to fetch'];

/**
 * The DSN of the embedded error reporting: never contacted, the SDKs send to the server's own store (the
 * tunnel for the app, the transport below for the server); a DSN is still what makes the SDKs run.
 */
export const EMBEDDED_DSN = 'https://timbre@errors.timbre.invalid/1';

/** The envelope is not one: answered 400 with this detail, nothing stored. */
export class EnvelopeError extends Error {}

export interface EnvelopeItem {
  type: string;
  header: Record<string, unknown>;
  payload: Buffer;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

const NEWLINE = 0x0a;

function jsonObject(bytes: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new EnvelopeError(`The ${what} is not JSON`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new EnvelopeError(`The ${what} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** Parses an envelope; throws EnvelopeError naming what is wrong. */
export function parseEnvelope(body: Buffer): Envelope {
  let at = 0;
  const line = () => {
    const end = body.indexOf(NEWLINE, at);
    const slice = body.subarray(at, end === -1 ? body.length : end);
    at = end === -1 ? body.length : end + 1;
    return slice;
  };
  if (body.length === 0) throw new EnvelopeError('The envelope is empty');
  const header = jsonObject(line(), 'envelope header');
  const items: EnvelopeItem[] = [];
  while (at < body.length) {
    const headerBytes = line();
    if (headerBytes.length === 0) continue; // a trailing newline
    const itemHeader = jsonObject(headerBytes, `header of item ${items.length + 1}`);
    const type = itemHeader.type;
    if (typeof type !== 'string' || !type) throw new EnvelopeError(`Item ${items.length + 1} has no type`);
    let payload: Buffer;
    if (itemHeader.length !== undefined) {
      const length = itemHeader.length;
      if (typeof length !== 'number' || !Number.isInteger(length) || length < 0 || at + length > body.length) {
        throw new EnvelopeError(`Item ${items.length + 1}'s length does not fit the envelope`);
      }
      payload = body.subarray(at, at + length);
      at += length;
      if (body[at] === NEWLINE) at += 1;
    } else {
      payload = line();
    }
    items.push({ type, header: itemHeader, payload });
  }
  if (items.length === 0) throw new EnvelopeError('The envelope has no items');
  return { header, items };
}

/** What an error report row is made from: one event, reduced to what admins read. */
export interface ErrorEvent {
  fingerprint: string;
  platform: 'browser' | 'server';
  type: string | null;
  message: string;
  stack: string | null;
  route: string | null;
  release: string | null;
  environment: string | null;
  level: string;
  eventId: string | null;
  /** The user's id only; e-mail, IP address and username are never read. */
  userId: string | null;
}

// PostgreSQL refuses U+0000 and lone surrogates in text (TRAPS.md); everything is cut to a sane size.
const text = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string' || !value) return null;
  return value.replaceAll('\u0000', '').toWellFormed().slice(0, max);
};

interface Frame {
  function?: unknown;
  filename?: unknown;
  abs_path?: unknown;
  module?: unknown;
  lineno?: unknown;
  colno?: unknown;
  in_app?: unknown;
}

const frameLine = (f: Frame) => {
  const where = [text(f.filename, 500) ?? text(f.abs_path, 500) ?? text(f.module, 500) ?? '?'];
  if (typeof f.lineno === 'number') where.push(String(f.lineno));
  if (typeof f.colno === 'number') where.push(String(f.colno));
  return `at ${text(f.function, 200) ?? '?'} (${where.join(':')})`;
};

function tagOf(tags: unknown, name: string): unknown {
  if (Array.isArray(tags)) return (tags.find((t) => Array.isArray(t) && t[0] === name) as unknown[] | undefined)?.[1];
  if (tags && typeof tags === 'object') return (tags as Record<string, unknown>)[name];
  return undefined;
}

function pathOf(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The error report of one event payload, or null when it is ignored ("Failed to fetch"). Throws
 * EnvelopeError when the payload is not an event object.
 */
export function readEvent(payload: Buffer, fallbackEventId?: unknown): ErrorEvent | null {
  const event = jsonObject(payload, 'event');
  const values = (event.exception as { values?: unknown } | undefined)?.values;
  // Sentry lists chained exceptions cause first: the last value is the one that was thrown.
  const exception = Array.isArray(values) && values.length ? (values.at(-1) as Record<string, unknown>) : undefined;
  const logMessage = event.message ?? (event.logentry as { formatted?: unknown; message?: unknown } | undefined);
  const messageText =
    typeof logMessage === 'string'
      ? logMessage
      : logMessage && typeof logMessage === 'object'
        ? ((logMessage as { formatted?: unknown; message?: unknown }).formatted ??
          (logMessage as { message?: unknown }).message)
        : undefined;
  const type = text(exception?.type, 200);
  const message = text(exception?.value, 2000) ?? text(messageText, 2000) ?? type ?? '(no message)';
  if (IGNORED_MESSAGES.some((m) => message.includes(m) || (type && `${type}: ${message}`.includes(m)))) return null;

  const rawFrames = (exception?.stacktrace as { frames?: unknown } | undefined)?.frames;
  const frames = (Array.isArray(rawFrames) ? rawFrames : []).filter((f): f is Frame => !!f && typeof f === 'object');
  // Frames run outermost first; the top of the stack is the last, and the first in-app one groups it.
  const innermostFirst = [...frames].reverse();
  const top = innermostFirst.find((f) => f.in_app !== false) ?? innermostFirst[0];
  const stack = innermostFirst.length ? text(innermostFirst.slice(0, 100).map(frameLine).join('\n'), 20_000) : null;

  const route =
    text(tagOf(event.tags, 'route'), 500) ??
    text(event.transaction, 500) ??
    text(pathOf((event.request as { url?: unknown } | undefined)?.url), 500);
  const release = text(event.release, 200);
  const environment = text(event.environment, 64);
  const level = text(event.level, 16) ?? 'error';
  const eventId = text(event.event_id, 64) ?? text(fallbackEventId, 64);
  const rawUserId = (event.user as { id?: unknown } | undefined)?.id;
  const userId = typeof rawUserId === 'string' && UUID.test(rawUserId) ? rawUserId.toLowerCase() : null;
  const platform = event.platform === 'node' ? 'server' : 'browser';
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([platform, type, message, top ? frameLine(top) : null, release, environment]))
    .digest('hex');
  return { fingerprint, platform, type, message, stack, route, release, environment, level, eventId, userId };
}

/** Item types that carry an error: Sentry's `event` (a transaction, session or client report is dropped). */
export const EVENT_ITEM_TYPES = new Set(['event']);

/** Every error event of an envelope, ignored ones left out; throws EnvelopeError for a malformed one. */
export function errorEventsOf(envelope: Envelope): ErrorEvent[] {
  const events: ErrorEvent[] = [];
  for (const item of envelope.items) {
    if (!EVENT_ITEM_TYPES.has(item.type)) continue;
    const event = readEvent(item.payload, envelope.header.event_id);
    if (event) events.push(event);
  }
  return events;
}

/**
 * Sentry's envelope endpoint for a DSN (`https://<key>@<host>/<project>` →
 * `https://<host>/api/<project>/envelope/`), or throws for a value that is not a DSN.
 */
export function envelopeUrlOf(dsn: string): string {
  const url = new URL(dsn);
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!url.username || !project || !/^\d+$/.test(project) || !/^https?:$/.test(url.protocol)) {
    throw new Error('not a Sentry DSN (https://<public key>@<host>/<project id>)');
  }
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`;
}
