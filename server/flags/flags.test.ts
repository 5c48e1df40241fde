import { GrowthBook } from '@growthbook/growthbook';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { FeaturesCache, type FeaturesPayload } from './flags.ts';

interface Flag {
  key: string;
  description: string;
  default_value: boolean;
  rules: { id: string; user_ids: string[]; plans: string[]; value: boolean }[];
  updated_by: { id: string } | null;
}

/** What the real GrowthBook SDK makes of the payload for a user with these attributes. */
function sdkFor(payload: FeaturesPayload, attributes: Record<string, unknown>) {
  return new GrowthBook({ attributes }).initSync({ payload });
}

describe('feature flags: the embedded GrowthBook features payload and its admin edits', () => {
  let t: TestApp;
  let admin: SignedIn;
  let userA: SignedIn;
  let userB: SignedIn;

  const features = async (key = 'sdk-timbre-embedded') => t.request({ method: 'GET', url: `/api/features/${key}` });
  const put = (who: SignedIn, key: string, payload: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/v3/admin/flags/${key}`, headers: who.headers, payload });

  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
    await t.app.ready();
    admin = await signIn(t, { roles: ['admin'] });
    userA = await signIn(t);
    userB = await signIn(t);
  });
  afterAll(() => t.close());

  it('seeds the app’s flags at start: nps-survey on, new-dashboard off, each described', async () => {
    const res = await features();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const payload = res.json<FeaturesPayload>();
    expect(payload.status).toBe(200);
    expect(payload.features['nps-survey']).toEqual({ defaultValue: true, rules: [] });
    expect(payload.features['new-dashboard']).toEqual({ defaultValue: false, rules: [] });
    const list = await t.request({ method: 'GET', url: '/api/v3/admin/flags', headers: admin.headers });
    expect(list.json<{ items: Flag[] }>().items.map((f) => [f.key, f.description.length > 10])).toEqual([
      ['new-dashboard', true],
      ['nps-survey', true],
    ]);
  });

  it('answers an unknown client key 404 with a detail', async () => {
    const res = await features('sdk-someone-else');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ detail: string }>().detail).toMatch(/No features for the client key "sdk-someone-else"/);
  });

  it('only admins list or edit flags', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v3/admin/flags', headers: userA.headers })).statusCode).toBe(
      403,
    );
    expect((await put(userA, 'new-dashboard', { description: '', default_value: true, rules: [] })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/v3/admin/flags' })).statusCode).toBe(401);
  });

  it('targets one user by id: the SDK turns the flag on for that user and not another; the edit is served at once and audited', async () => {
    // Read (and cache) the payload first: the edit must not wait out the 60 s.
    expect(sdkFor((await features()).json(), { id: userA.userId }).isOn('new-dashboard')).toBe(false);
    const res = await put(admin, 'new-dashboard', {
      description: 'The new dashboard',
      default_value: false,
      rules: [{ user_ids: [userA.userId], value: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<Flag>();
    expect(saved.rules).toEqual([
      { id: expect.stringMatching(/^r[0-9a-f]{8}$/), user_ids: [userA.userId], plans: [], value: true },
    ]);
    expect(saved.updated_by?.id).toBe(admin.userId);

    const payload = (await features()).json<FeaturesPayload>();
    expect(payload.features['new-dashboard']?.rules).toEqual([
      { id: `${saved.rules[0]!.id}-users`, condition: { id: { $in: [userA.userId] } }, force: true },
    ]);
    expect(sdkFor(payload, { id: userA.userId, plan: 'trial' }).isOn('new-dashboard')).toBe(true);
    expect(sdkFor(payload, { id: userB.userId, plan: 'trial' }).isOn('new-dashboard')).toBe(false);
    expect(sdkFor(payload, {}).isOn('new-dashboard')).toBe(false);

    const audit = await t.request({ method: 'GET', url: '/api/v3/audit', headers: admin.headers });
    const entry = audit.json<{
      items: { action: string; subject_type: string; subject_id: string; after: unknown }[];
    }>().items[0];
    expect(entry).toMatchObject({ action: 'flag.save', subject_type: 'feature_flag', subject_id: 'new-dashboard' });
    expect(entry?.after).toMatchObject({ default_value: false, rules: [{ user_ids: [userA.userId], value: true }] });
  });

  it('targets plans, keeping a rule’s id across edits', async () => {
    const first = await put(admin, 'nps-survey', {
      description: 'NPS',
      default_value: true,
      rules: [{ id: 'no-trials', plans: ['trial', 'trial_expired'], value: false }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const payload = (await features()).json<FeaturesPayload>();
    expect(sdkFor(payload, { id: userA.userId, plan: 'trial' }).isOn('nps-survey')).toBe(false);
    expect(sdkFor(payload, { id: userA.userId, plan: 'creator' }).isOn('nps-survey')).toBe(true);
    expect(first.json<Flag>().rules[0]?.id).toBe('no-trials');
  });

  it('serves the payload from its 60 s cache until an admin edits a flag', async () => {
    await features();
    // A change that does not go through the admin call is not seen until the cache expires…
    await t.database.db.execute(
      sql`update feature_flags set default_value = 'true'::jsonb where key = 'new-dashboard'`,
    );
    expect((await features()).json<FeaturesPayload>().features['new-dashboard']?.defaultValue).toBe(false);
    // …an admin's edit clears it.
    const res = await put(admin, 'new-dashboard', { description: 'The new dashboard', default_value: true, rules: [] });
    expect(res.statusCode).toBe(200);
    expect((await features()).json<FeaturesPayload>().features['new-dashboard']).toEqual({
      defaultValue: true,
      rules: [],
    });
  });

  it('refuses a rule without targets, a user id of nobody, a bad key or body, with the field named', async () => {
    const empty = await put(admin, 'new-dashboard', { description: '', default_value: true, rules: [{ value: true }] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      field: 'body/rules/0',
      detail: 'body/rules/0 must target at least one user id or plan',
    });

    const nobody = '00000000-0000-4000-8000-000000000000';
    const ghost = await put(admin, 'new-dashboard', {
      description: '',
      default_value: true,
      rules: [{ user_ids: [nobody], value: true }],
    });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json()).toMatchObject({ field: 'body/rules/0/user_ids' });
    expect(ghost.json<{ detail: string }>().detail).toContain(nobody);

    const badKey = await put(admin, 'New_Dashboard', { description: '', default_value: true, rules: [] });
    expect(badKey.statusCode).toBe(422);
    const badPlan = await put(admin, 'x', {
      description: '',
      default_value: true,
      rules: [{ plans: ['gold'], value: true }],
    });
    expect(badPlan.statusCode).toBe(422);
    const notBoolean = await put(admin, 'x', { description: '', default_value: 'yes', rules: [] });
    expect(notBoolean.statusCode).toBe(422);
  });

  it('creates and deletes a flag; deleting clears it from the payload and is audited; a missing one is 404', async () => {
    expect(
      (await put(admin, 'beta-voices', { description: 'Beta voices', default_value: false, rules: [] })).statusCode,
    ).toBe(200);
    expect((await features()).json<FeaturesPayload>().features['beta-voices']).toBeDefined();
    const del = await t.request({ method: 'DELETE', url: '/api/v3/admin/flags/beta-voices', headers: admin.headers });
    expect(del.statusCode).toBe(204);
    expect((await features()).json<FeaturesPayload>().features['beta-voices']).toBeUndefined();
    const again = await t.request({ method: 'DELETE', url: '/api/v3/admin/flags/beta-voices', headers: admin.headers });
    expect(again.statusCode).toBe(404);
    const audit = await t.request({ method: 'GET', url: '/api/v3/audit', headers: admin.headers });
    expect(audit.json<{ items: { action: string; subject_id: string }[] }>().items[0]).toMatchObject({
      action: 'flag.delete',
      subject_id: 'beta-voices',
    });
  });

  it('never overwrites an admin’s edit when seeding again at the next start', async () => {
    const { seedFlags } = await import('./flags.ts');
    expect(await seedFlags(t.database.db)).toBe(0);
    const list = await t.request({ method: 'GET', url: '/api/v3/admin/flags', headers: admin.headers });
    expect(list.json<{ items: Flag[] }>().items.find((f) => f.key === 'nps-survey')?.rules[0]?.id).toBe('no-trials');
  });
});

describe('FeaturesCache', () => {
  it('reads again once 60 s have passed, and after a failed read', async () => {
    let now = 0;
    let reads = 0;
    let fail = false;
    const cache = new FeaturesCache(
      async () => {
        reads += 1;
        if (fail) throw new Error('down');
        return { status: 200, features: {}, dateUpdated: new Date(0).toISOString() };
      },
      () => now,
    );
    await cache.get();
    now = 59_999;
    await cache.get();
    expect(reads).toBe(1);
    now = 60_000;
    fail = true;
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    await cache.get();
    expect(reads).toBe(3);
  });
});
