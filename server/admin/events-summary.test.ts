import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';

interface Summary {
  days: number;
  page_views: { date: string; count: number }[];
  funnel: { step: string; count: number }[];
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('usage events: stored from the app, summed up for admins', () => {
  let t: TestApp;
  let admin: SignedIn;
  let user: SignedIn;

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/v3/events',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });
  const summary = (who: SignedIn, days = 7) =>
    t.request({ method: 'GET', url: `/api/v3/events/summary?days=${days}`, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await createTestApp({ worker: { enabled: false } });
    await t.app.ready();
    admin = await signIn(t, { roles: ['admin'] });
    user = await signIn(t);
  });
  afterAll(() => t.close());

  it('stores a beacon’s batch (a JSON body, the session cookie, no CSRF header) and drops an admin’s', async () => {
    const batch = [
      { event: 'page_view', page: '/projects', origin: '/', signed_in: true, distinct_id: 'beacon-visitor' },
      {
        event: 'upload_finished',
        page: '/projects/:projectId',
        properties: { files: 2 },
        distinct_id: 'beacon-visitor',
      },
    ];
    expect((await post(batch, { cookie: user.cookie })).statusCode).toBe(204);
    expect((await post([{ event: 'page_view', page: '/users' }], { cookie: admin.cookie })).statusCode).toBe(204);
    const stored = rowsOf<{ event: string; page: string; origin: string | null; user_id: string; properties: object }>(
      await t.database.db.execute(
        sql`select event, page, origin, user_id, properties from tracking_events where user_id in (${user.userId}, ${admin.userId}) order by id`,
      ),
    );
    expect(stored).toEqual([
      { event: 'page_view', page: '/projects', origin: '/', user_id: user.userId, properties: {} },
      {
        event: 'upload_finished',
        page: '/projects/:projectId',
        origin: null,
        user_id: user.userId,
        properties: { files: 2 },
      },
    ]);
  });

  it('flags the events of a member of the staff group', async () => {
    const staffer = await signIn(t);
    const [group] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`insert into groups (name) values ('staff') returning id`),
    );
    await t.database.db.execute(
      sql`insert into user_groups (user_id, group_id) values (${staffer.userId}, ${group!.id})`,
    );
    const batch = [{ event: 'page_view', page: '/projects', properties: { environment: 'staging' } }];
    expect((await post(batch, { cookie: staffer.cookie })).statusCode).toBe(204);
    expect((await post(batch, { cookie: user.cookie })).statusCode).toBe(204);
    const stored = rowsOf<{ user_id: string; properties: object }>(
      await t.database.db.execute(
        sql`select user_id, properties from tracking_events where user_id in (${staffer.userId}, ${user.userId}) and page = '/projects' and properties ? 'environment' order by id`,
      ),
    );
    expect(stored).toEqual([
      { user_id: staffer.userId, properties: { environment: 'staging', staff: true } },
      { user_id: user.userId, properties: { environment: 'staging' } },
    ]);
  });

  it('lists one user’s events for admins, newest first; an admin’s own list is empty; a plain user is refused', async () => {
    const person = await signIn(t);
    // As a guest first (no session), then signed in from the same browser (the same analytics id).
    await post([{ event: 'page_view', page: '/pricing', signed_in: false, distinct_id: 'browser-7' }]);
    await post([{ event: 'page_view', page: '/pricing', signed_in: false, distinct_id: 'someone-else' }]);
    await post(
      [
        { event: 'page_view', page: '/signup', signed_in: false, distinct_id: 'browser-7' },
        { event: 'sign_up', page: '/signup', signed_in: true, properties: { environment: 'staging' } },
        { event: 'page_view', page: '/projects', origin: '/signup', signed_in: true },
      ],
      { cookie: person.cookie },
    );
    await post([{ event: 'page_view', page: '/users' }], { cookie: admin.cookie });
    const list = (who: SignedIn, id: string, limit = 50) =>
      t.request({ method: 'GET', url: `/api/v3/users/${id}/events?limit=${limit}`, headers: { cookie: who.cookie } });

    const response = await list(admin, person.userId);
    expect(response.statusCode).toBe(200);
    const { items } = response.json<{ items: { event: string; page: string; origin: string | null }[] }>();
    expect(items.map(({ event, page, origin }) => ({ event, page, origin }))).toEqual([
      { event: 'page_view', page: '/projects', origin: '/signup' },
      { event: 'sign_up', page: '/signup', origin: null },
      { event: 'page_view', page: '/signup', origin: null },
      { event: 'page_view', page: '/pricing', origin: null },
    ]);
    expect((await list(admin, person.userId, 1)).json<{ items: unknown[] }>().items).toHaveLength(1);
    expect((await list(admin, admin.userId)).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await list(person, person.userId)).statusCode).toBe(403);
    expect((await list(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses an empty batch and one over 50 events', async () => {
    expect((await post([])).statusCode).toBe(422);
    expect((await post(Array.from({ length: 51 }, () => ({ event: 'page_view' })))).statusCode).toBe(422);
  });

  it('gives admins page views per day and the funnel, without admins’ events; a plain user is refused', async () => {
    const before = (await summary(admin)).json<Summary>();
    const todayBefore = before.page_views.find((d) => d.date === todayUtc())?.count ?? 0;
    const step = (s: Summary, name: string) => s.funnel.find((f) => f.step === name)?.count;

    // A guest's page views and sign-up, then the same visitor signed in (counted once per step).
    await post([
      { event: 'page_view', page: '/', distinct_id: 'guest-1' },
      { event: 'page_view', page: '/signup', origin: '/', distinct_id: 'guest-1' },
      { event: 'sign_up', distinct_id: 'guest-2' },
    ]);
    await post([{ event: 'sign_up' }, { event: 'sign_up' }, { event: 'subscribed' }, { event: 'upload_finished' }], {
      cookie: user.cookie,
    });
    // An admin's events are dropped; one stored before the account became admin is left out of the figures too.
    await post([{ event: 'page_view', page: '/' }, { event: 'subscribed' }], { cookie: admin.cookie });
    await t.database.db.execute(
      sql`insert into tracking_events (user_id, event, page) values (${admin.userId}, 'page_view', '/'), (${admin.userId}, 'sign_up', null)`,
    );

    const response = await summary(admin);
    expect(response.statusCode).toBe(200);
    const after = response.json<Summary>();
    expect(after.days).toBe(7);
    expect(after.page_views).toHaveLength(7);
    expect(after.page_views.at(-1)!.date).toBe(todayUtc());
    expect(after.page_views.find((d) => d.date === todayUtc())!.count).toBe(todayBefore + 2);
    expect(after.funnel.map((f) => f.step)).toEqual([
      'sign_up',
      'verified',
      'trial_started',
      'first_upload',
      'order_placed',
      'conversion_finished',
      'checkout_started',
      'subscribed',
    ]);
    expect(step(after, 'sign_up')).toBe(step(before, 'sign_up')! + 2);
    expect(step(after, 'subscribed')).toBe(step(before, 'subscribed')! + 1);
    // The first test's user had an upload already: first_upload counts visitors, not uploads.
    expect(step(after, 'first_upload')).toBe(step(before, 'first_upload'));
    expect(step(before, 'first_upload')).toBe(1);

    expect((await summary(user)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/v3/events/summary' })).statusCode).toBe(401);
    expect((await summary(admin, 400)).statusCode).toBe(422);
  });
});
