import type { components } from '../../../openapi/generated/auth.js';
import { appEnvironment } from '../page-settings.ts';

/** One event as POST /api/v3/events takes it. */
export type TrackingEvent = components['schemas']['TrackingEvent'];

/**
 * The usage events the app reports at the funnel's steps (issue 19). The admin console's funnel counts the
 * distinct visitors with each (`upload_finished` is the funnel's "first upload": a visitor's first one).
 */
export type UsageEventName =
  | 'sign_up'
  | 'verified'
  | 'trial_started'
  | 'upload_finished'
  | 'order_placed'
  | 'conversion_finished'
  | 'checkout_started'
  | 'subscribed';

export const EVENTS_URL = '/api/v3/events';
/** The queue is sent once it holds this many events… */
export const FLUSH_AT = 10;
/** …or this long after its first event. */
export const FLUSH_AFTER_MS = 5000;
/** What is kept while nothing can be sent (no transport yet); the contract's batch limit. */
export const MAX_QUEUED = 50;

/** How a batch leaves: `hidden` when the page is being hidden or left (a beacon outlives the page). */
export type Transport = (batch: TrackingEvent[], options: { hidden: boolean }) => void;

export interface UsageTracker {
  /** Queues an event; it is sent with the next batch. Ignored while tracking is off (admins). */
  track(event: TrackingEvent): void;
  /** Sends what is queued now. */
  flush(options?: { hidden?: boolean }): void;
  /** Where batches go; events queued before there was one leave with the next flush. */
  setTransport(transport: Transport | null): void;
  /** Admins are excluded from event tracking (SPEC.md section 6): off drops the queue and what follows. */
  setEnabled(enabled: boolean): void;
  /** What is waiting (for tests). */
  pending(): readonly TrackingEvent[];
}

/**
 * A queue flushed at `FLUSH_AT` events or `FLUSH_AFTER_MS` after its first, and on demand (page hide). Each
 * event of a batch carries the environment's name in its properties (`environment`: staging unless the server
 * says otherwise), so a shared analytics store can tell staging's events from production's.
 */
export function createUsageTracker(
  options: { flushAt?: number; flushAfterMs?: number; environment?: () => string } = {},
): UsageTracker {
  const flushAt = options.flushAt ?? FLUSH_AT;
  const environment = options.environment ?? appEnvironment;
  const flushAfterMs = options.flushAfterMs ?? FLUSH_AFTER_MS;
  let queue: TrackingEvent[] = [];
  let transport: Transport | null = null;
  let enabled = true;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const flush = ({ hidden = false }: { hidden?: boolean } = {}) => {
    stopTimer();
    if (!transport || queue.length === 0) return;
    const name = environment();
    const batch = queue
      .slice(0, MAX_QUEUED)
      .map((event) => ({ ...event, properties: { ...event.properties, environment: name } }));
    queue = queue.slice(MAX_QUEUED);
    transport(batch, { hidden });
    if (queue.length > 0) flush({ hidden });
  };

  return {
    track(event) {
      if (!enabled) return;
      queue.push(event);
      if (queue.length > MAX_QUEUED) queue = queue.slice(-MAX_QUEUED);
      if (transport && queue.length >= flushAt) flush();
      else if (timer === undefined) timer = setTimeout(() => flush(), flushAfterMs);
    },
    flush,
    setTransport(next) {
      transport = next;
    },
    setEnabled(next) {
      enabled = next;
      if (!next) {
        queue = [];
        stopTimer();
      }
    },
    pending: () => queue,
  };
}

/**
 * Sends a batch: while the page is visible through `post` (the typed client); when it is being hidden with
 * `navigator.sendBeacon` (a JSON body, the session cookie; the call asks for no CSRF header), and with
 * `fetch(…, { keepalive: true })` where there is no beacon or it was refused.
 */
export function beaconTransport(deps: {
  post: (batch: TrackingEvent[]) => Promise<unknown>;
  sendBeacon?: (url: string, data: Blob) => boolean;
  fetch?: typeof globalThis.fetch;
  url?: string;
}): Transport {
  const url = deps.url ?? EVENTS_URL;
  return (batch, { hidden }) => {
    if (!hidden) {
      // A lost batch of analytics is not worth the user's attention.
      void deps.post(batch).catch(() => undefined);
      return;
    }
    const body = JSON.stringify(batch);
    if (deps.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
    void deps
      .fetch?.(url, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
      })
      .catch(() => undefined);
  };
}

/** The app's one tracker: features report their steps with `trackUsage`; the root wires it (use-usage-tracking). */
export const usageTracker = createUsageTracker();

export interface UsageContext {
  page?: string;
  signedIn: boolean;
  /** The visitor's analytics id (one per browser), so a guest's steps count once and join the account's. */
  distinctId?: string;
}

/** Where the page is, for every event: set by the root on each route change. */
let current: UsageContext = { signedIn: false };
export const setUsageContext = (context: UsageContext) => {
  current = context;
};

/** The visitor's analytics id, which login and sign-up send so the server joins the guest's events to the account. */
export const usageVisitor = (): string | undefined => current.distinctId;

export const DISTINCT_ID_KEY = 'timbre.analytics_id';

/** This browser's analytics id, made once and kept (none where storage is refused). */
export function visitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | null): string | undefined {
  try {
    const kept = storage?.getItem(DISTINCT_ID_KEY);
    if (kept) return kept;
    const made = globalThis.crypto.randomUUID();
    storage?.setItem(DISTINCT_ID_KEY, made);
    return storage ? made : undefined;
  } catch {
    return undefined;
  }
}

/** Reports a funnel step from wherever it happens (the page and sign-in state are added). */
export function trackUsage(event: UsageEventName, properties?: Record<string, string | number | boolean>) {
  usageTracker.track({
    event,
    ...(properties ? { properties } : {}),
    ...(current.page ? { page: current.page } : {}),
    ...(current.distinctId ? { distinct_id: current.distinctId } : {}),
    signed_in: current.signedIn,
  });
}

/**
 * The route pattern of a path (`/projects/abc` with `{ projectId: 'abc' }` → `/projects/:projectId`), so
 * page views group by page and carry no ids; a catch-all's rest becomes `*`.
 */
export function routePattern(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  const named = Object.entries(params).filter(([key, value]) => key !== '*' && value);
  let pattern = pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // keep the segment as written
      }
      const param = named.find(([, value]) => value === decoded);
      return param ? `:${param[0]}` : segment;
    })
    .join('/');
  const rest = params['*'];
  if (rest) pattern = `${pattern.slice(0, pattern.length - rest.length)}*`;
  return pattern || '/';
}
