import { setPolyfills } from '@growthbook/growthbook-react';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '../../api/testing/fixtures.ts';
import { deferredSource, flagAttributes, planAttribute, staticFlags } from './flags.ts';
import { growthBookSource } from './growthbook-source.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

/** The embedded service's answer (server/flags): new-dashboard forced on for A, nps-survey off on trials. */
const payload = {
  status: 200,
  dateUpdated: '2026-11-26T10:00:00.000Z',
  features: {
    'new-dashboard': { defaultValue: false, rules: [{ id: 'r1-users', condition: { id: { $in: [A] } }, force: true }] },
    'nps-survey': {
      defaultValue: true,
      rules: [{ id: 'r2-plans', condition: { plan: { $in: ['trial'] } }, force: false }],
    },
  },
};

const requested: string[] = [];
const realFetch = globalThis.fetch;
function serve(answer: () => Promise<Response>) {
  setPolyfills({
    fetch: ((url: string) => {
      requested.push(url);
      return answer();
    }) as typeof fetch,
  });
}
afterEach(() => {
  requested.length = 0;
  setPolyfills({ fetch: realFetch });
});

/** Waits until the source settles (ready or failed). */
function settled(source: ReturnType<typeof growthBookSource>) {
  return new Promise<void>((resolve) => {
    const check = () => {
      const { status } = source.getSnapshot();
      if (status === 'ready' || status === 'failed') resolve();
    };
    source.subscribe(check);
    check();
  });
}

describe('growthBookSource: the GrowthBook SDK over the features payload', () => {
  it('loads nothing for a guest, then fetches {apiHost}/api/features/{clientKey} for the first signed-in user', async () => {
    serve(async () => Response.json(payload));
    const source = growthBookSource({ apiHost: 'https://app.test', clientKey: 'sdk-k1', environment: 'staging' });
    source.identify({ environment: 'staging', loggedIn: false });
    expect(source.getSnapshot().status).toBe('idle');
    expect(requested).toEqual([]);

    source.identify({ id: A, plan: 'creator', environment: 'staging', loggedIn: true });
    await settled(source);
    expect(requested).toEqual(['https://app.test/api/features/sdk-k1']);
    expect(source.getSnapshot()).toEqual({ status: 'ready', values: { 'new-dashboard': true, 'nps-survey': true } });
  });

  it('evaluates the rules for whoever is signed in now: another user, a plan', async () => {
    serve(async () => Response.json(payload));
    const source = growthBookSource({ apiHost: 'https://app.test', clientKey: 'sdk-k2', environment: 'staging' });
    source.identify({ id: B, plan: 'trial', environment: 'staging', loggedIn: true });
    await settled(source);
    expect(source.getSnapshot().values).toEqual({ 'new-dashboard': false, 'nps-survey': false });

    const changed = new Promise<void>((resolve) => source.subscribe(resolve));
    source.identify({ id: A, plan: 'creator', environment: 'staging', loggedIn: true });
    await changed;
    expect(source.getSnapshot().values).toEqual({ 'new-dashboard': true, 'nps-survey': true });
  });

  it('keeps the defaults when the features call fails', async () => {
    serve(async () => new Response(JSON.stringify({ detail: 'No features' }), { status: 404 }));
    const source = growthBookSource({ apiHost: 'https://app.test', clientKey: 'sdk-k3', environment: 'staging' });
    source.identify({ id: A, plan: 'creator', environment: 'staging', loggedIn: true });
    await settled(source);
    expect(source.getSnapshot()).toEqual({ status: 'failed', values: { 'new-dashboard': false, 'nps-survey': true } });
  });

  it('keeps the defaults when the SDK itself cannot load', async () => {
    const source = growthBookSource({ apiHost: 'https://app.test', clientKey: 'sdk-k4', environment: 'staging' }, () =>
      Promise.reject(new Error('chunk failed')),
    );
    source.identify({ id: A, environment: 'staging', loggedIn: true });
    await settled(source);
    expect(source.getSnapshot().status).toBe('failed');
  });
});

describe('flag attributes', () => {
  it('names the plan as the rules do: trial, trial_expired, a paid category, none', () => {
    expect(
      planAttribute(
        testUser({ stripe: { subscription_status: 'trialing', trial: true, subscription_category: 'explorer' } }),
      ),
    ).toBe('trial');
    expect(planAttribute(testUser({ stripe: { trial_used: true } }))).toBe('trial_expired');
    expect(planAttribute(testUser({ stripe: { subscription_status: 'active', subscription_category: 'power' } }))).toBe(
      'power',
    );
    expect(planAttribute(testUser())).toBe('none');
  });

  it('carries the user id, the environment and whether someone is signed in', () => {
    const user = testUser();
    expect(flagAttributes(user, 'staging')).toEqual({
      id: user.id,
      plan: 'none',
      environment: 'staging',
      loggedIn: true,
    });
    expect(flagAttributes(null, 'production')).toEqual({ environment: 'production', loggedIn: false });
  });
});

describe('deferredSource: the SDK’s code loads with the first signed-in user', () => {
  it('loads nothing for guests, then hands the real source the latest user', async () => {
    const identified: unknown[] = [];
    let loads = 0;
    const source = deferredSource(async () => {
      loads += 1;
      return { ...staticFlags({ 'new-dashboard': true }), identify: (a) => void identified.push(a) };
    });
    source.identify({ environment: 'staging', loggedIn: false });
    expect(loads).toBe(0);
    expect(source.getSnapshot().status).toBe('idle');
    const changed = new Promise<void>((resolve) => source.subscribe(resolve));
    source.identify({ id: A, environment: 'staging', loggedIn: true });
    await changed;
    expect(loads).toBe(1);
    expect(identified).toEqual([{ id: A, environment: 'staging', loggedIn: true }]);
    expect(source.getSnapshot()).toEqual({ status: 'ready', values: { 'new-dashboard': true } });
  });

  it('settles on the defaults when the code cannot load', async () => {
    const source = deferredSource(() => Promise.reject(new Error('chunk failed')));
    const changed = new Promise<void>((resolve) => source.subscribe(resolve));
    source.identify({ id: A, environment: 'staging', loggedIn: true });
    await changed;
    expect(source.getSnapshot()).toEqual({ status: 'failed', values: {} });
  });
});
