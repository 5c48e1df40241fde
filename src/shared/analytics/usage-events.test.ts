import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  beaconTransport,
  createUsageTracker,
  DISTINCT_ID_KEY,
  EVENTS_URL,
  FLUSH_AFTER_MS,
  routePattern,
  setUsageContext,
  trackUsage,
  usageTracker,
  visitorId,
  type TrackingEvent,
} from './usage-events.ts';

const view = (page: string): TrackingEvent => ({ event: 'page_view', page, signed_in: false });
/** A view as it leaves in a batch: stamped with the environment's name (staging when the page names none). */
const sent = (page: string, environment = 'staging'): TrackingEvent => ({ ...view(page), properties: { environment } });

describe('the usage tracker’s batches', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the queue once it holds 10 events', () => {
    const tracker = createUsageTracker();
    const transport = vi.fn();
    tracker.setTransport(transport);
    for (let i = 0; i < 9; i++) tracker.track(view(`/p${i}`));
    expect(transport).not.toHaveBeenCalled();
    tracker.track(view('/p9'));
    expect(transport).toHaveBeenCalledTimes(1);
    expect(transport.mock.calls[0]![0]).toHaveLength(10);
    expect(transport.mock.calls[0]![1]).toEqual({ hidden: false });
    expect(tracker.pending()).toEqual([]);
  });

  it('sends a smaller queue 5 s after its first event, once', () => {
    const tracker = createUsageTracker();
    const transport = vi.fn();
    tracker.setTransport(transport);
    tracker.track(view('/'));
    vi.advanceTimersByTime(FLUSH_AFTER_MS - 1);
    tracker.track(view('/pricing'));
    expect(transport).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(transport).toHaveBeenCalledWith([sent('/'), sent('/pricing')], { hidden: false });
    vi.advanceTimersByTime(FLUSH_AFTER_MS * 3);
    expect(transport).toHaveBeenCalledTimes(1);
  });

  it('keeps events until there is a transport, then sends them on the page’s hiding', () => {
    const tracker = createUsageTracker();
    tracker.track(view('/'));
    vi.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(tracker.pending()).toHaveLength(1);
    const transport = vi.fn();
    tracker.setTransport(transport);
    tracker.flush({ hidden: true });
    expect(transport).toHaveBeenCalledWith([sent('/')], { hidden: true });
  });

  it('names the environment in every event of a batch, keeping the event’s own properties', () => {
    const tracker = createUsageTracker({ environment: () => 'production' });
    const transport = vi.fn();
    tracker.setTransport(transport);
    tracker.track({ ...view('/'), properties: { plan: 'Pro' } });
    tracker.flush();
    expect(transport).toHaveBeenCalledWith([{ ...view('/'), properties: { plan: 'Pro', environment: 'production' } }], {
      hidden: false,
    });
  });

  it('sends nothing for an admin and drops what was queued', () => {
    const tracker = createUsageTracker();
    const transport = vi.fn();
    tracker.setTransport(transport);
    tracker.track(view('/'));
    tracker.setEnabled(false);
    tracker.track(view('/users'));
    tracker.flush({ hidden: true });
    vi.advanceTimersByTime(FLUSH_AFTER_MS);
    expect(transport).not.toHaveBeenCalled();
    tracker.setEnabled(true);
    tracker.track(view('/projects'));
    tracker.flush();
    expect(transport).toHaveBeenCalledWith([sent('/projects')], { hidden: false });
  });
});

describe('the beacon transport', () => {
  const batch = [view('/'), { event: 'sign_up', signed_in: true }];

  it('posts through the typed client while the page is visible', () => {
    const post = vi.fn(() => Promise.resolve());
    const sendBeacon = vi.fn(() => true);
    beaconTransport({ post, sendBeacon })(batch, { hidden: false });
    expect(post).toHaveBeenCalledWith(batch);
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('sends a JSON beacon when the page is hidden', async () => {
    const post = vi.fn(() => Promise.resolve());
    const sendBeacon = vi.fn((_url: string, _data: Blob) => true);
    const fetch = vi.fn();
    beaconTransport({ post, sendBeacon, fetch })(batch, { hidden: true });
    expect(post).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    const [url, data] = sendBeacon.mock.calls[0]!;
    expect(url).toBe(EVENTS_URL);
    expect(data.type).toBe('application/json');
    expect(JSON.parse(await data.text())).toEqual(batch);
  });

  it('falls back to a keepalive fetch when the beacon is refused or missing', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    beaconTransport({ post: vi.fn(), sendBeacon: () => false, fetch })(batch, { hidden: true });
    beaconTransport({ post: vi.fn(), fetch })(batch, { hidden: true });
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledWith(EVENTS_URL, {
      method: 'POST',
      body: JSON.stringify(batch),
      keepalive: true,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

describe('routePattern', () => {
  it('names a page by its route, without ids', () => {
    expect(routePattern('/projects/abc-1', { projectId: 'abc-1' })).toBe('/projects/:projectId');
    expect(routePattern('/pricing', {})).toBe('/pricing');
    expect(routePattern('/', {})).toBe('/');
    expect(routePattern('/no/such/page', { '*': 'no/such/page' })).toBe('/*');
    expect(routePattern('/voices/a%20b', { voiceId: 'a b' })).toBe('/voices/:voiceId');
  });
});

describe('trackUsage and the visitor’s id', () => {
  it('stamps a funnel step with the page, the sign-in state and the visitor', () => {
    usageTracker.setEnabled(true);
    setUsageContext({ page: '/account/plan', signedIn: true, distinctId: 'visitor-1' });
    trackUsage('checkout_started', { price: 'price_pro' });
    expect(usageTracker.pending().at(-1)).toEqual({
      event: 'checkout_started',
      properties: { price: 'price_pro' },
      page: '/account/plan',
      distinct_id: 'visitor-1',
      signed_in: true,
    });
    usageTracker.setEnabled(false);
    trackUsage('subscribed');
    expect(usageTracker.pending()).toEqual([]);
    usageTracker.setEnabled(true);
  });

  it('makes the visitor’s id once per browser and keeps it', () => {
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    };
    const first = visitorId(storage);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(visitorId(storage)).toBe(first);
    expect(kept.get(DISTINCT_ID_KEY)).toBe(first);
    expect(visitorId(null)).toBeUndefined();
  });
});
