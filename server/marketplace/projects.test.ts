import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../../tests/support/audio.ts';
import { addConversion, newFolder, newProject, paidUser, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { rowsOf } from '../platform/db.ts';

describe('projects', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await paidUser(t);
    bob = await signIn(t);
  });
  afterAll(() => t.close());

  const get = (user: SignedIn, url: string) => t.request({ method: 'GET', url, headers: { cookie: user.cookie } });

  it('creates a project with a slug unique among the owner’s live projects, and finds it by its page URL', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/projects',
      headers: alice.headers,
      payload: { name: 'My Podcast (take 2)' },
    });
    expect(res.statusCode).toBe(201);
    const project = res.json();
    const username = alice.email.split('@')[0];
    expect(project).toMatchObject({
      owner: alice.userId,
      owner_name: username,
      name: 'My Podcast (take 2)',
      slug: 'my-podcast-take-2',
      url: `/${username}/my-podcast-take-2`,
      last_recording_at: null,
      deleted_at: null,
      folders: [],
      stats: { folders: 0, originals: 0, conversions: 0, duration: 0, size: 0 },
      models: [],
    });
    const again = (await newProject(t, alice, 'My podcast [take 2]')).slug;
    expect(again).toBe('my-podcast-take-2-2');
    // Another owner may use the same slug.
    expect((await newProject(t, bob, 'My Podcast (take 2)')).slug).toBe('my-podcast-take-2');

    const byUrl = await get(alice, `/api/projects/by-url?project_url=${encodeURIComponent(project.url)}`);
    expect(byUrl.statusCode).toBe(200);
    expect(byUrl.json().id).toBe(project.id);
    expect((await get(alice, `/api/projects/by-url?project_url=${username}/my-podcast-take-2-2`)).json().slug).toBe(
      again,
    );
    // Bob's project at the same slug is not Alice's to see.
    const bobName = bob.email.split('@')[0];
    expect((await get(alice, `/api/projects/by-url?project_url=/${bobName}/my-podcast-take-2`)).statusCode).toBe(404);
    expect((await get(alice, '/api/projects/by-url?project_url=nonsense')).statusCode).toBe(422);
    expect((await get(alice, '/api/projects/by-url?project_url=%25E0%25A4%25A/x')).statusCode).toBe(404);
  });

  it('renames a project, its slug following the name, and refuses names outside the rule', async () => {
    const project = await newProject(t, alice, 'Draft');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: { name: 'Final cut' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Final cut', slug: 'final-cut' });
    const bad = await t.request({
      method: 'PATCH',
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: { name: '--nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail).toBe(
      'Must contain only latin letters, numbers, parenthesis, square brackets, dots or commas, length should be between 1 and 40 characters',
    );
  });

  it('replaces a project’s models, refusing unknown ones', async () => {
    const project = await newProject(t, alice, 'Models');
    const [model] = (
      (await t.database.db.execute(sql`select id from models where visibility = 'public' limit 1`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    if (model) {
      const ok = await t.request({
        method: 'PUT',
        url: `/api/projects/${project.id}`,
        headers: alice.headers,
        payload: { models: [model.id] },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().models).toEqual([model.id]);
    }
    const bad = await t.request({
      method: 'PUT',
      url: `/api/projects/${project.id}`,
      headers: alice.headers,
      payload: { models: ['no-such-model'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ field: 'body/models', detail: 'Unknown model: no-such-model' });
  });

  it('answers 404 for another user’s project on every project operation, exactly as for an unknown id', async () => {
    const mine = await newProject(t, alice, 'Private');
    for (const id of [mine.id, randomUUID()]) {
      expect((await get(bob, `/api/projects/${id}`)).statusCode).toBe(404);
      expect((await get(bob, `/api/projects/${id}/export`)).statusCode).toBe(404);
      for (const [method, payload] of [
        ['PATCH', { name: 'Mine now' }],
        ['PUT', { models: [] }],
        ['DELETE', undefined],
      ] as const) {
        const res = await t.request({ method, url: `/api/projects/${id}`, headers: bob.headers, payload });
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(res.json()).toEqual({ detail: 'Project not found' });
      }
    }
    const stats = await t.request({
      method: 'POST',
      url: '/api/stats/projects',
      headers: bob.headers,
      payload: { project_ids: [mine.id] },
    });
    expect(stats.json()).toEqual({ items: [] });
    expect((await get(alice, `/api/projects/${mine.id}`)).statusCode).toBe(200);
  });

  it('lets only admins list or create another user’s projects', async () => {
    const other = await get(bob, `/api/projects?owner=${alice.userId}`);
    expect(other.statusCode).toBe(403);
    const create = await t.request({
      method: 'POST',
      url: '/api/projects',
      headers: bob.headers,
      payload: { name: 'Sneaky', owner: alice.userId },
    });
    expect(create.statusCode).toBe(403);
    const admin = await signIn(t, { roles: ['admin'] });
    const listed = await get(admin, `/api/projects?owner=${alice.userId}&limit=100`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items.every((p: { owner: string }) => p.owner === alice.userId)).toBe(true);
    const made = await t.request({
      method: 'POST',
      url: '/api/projects',
      headers: admin.headers,
      payload: { name: 'Made for Alice', owner: alice.userId },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().owner).toBe(alice.userId);
    const ghost = await t.request({
      method: 'POST',
      url: '/api/projects',
      headers: admin.headers,
      payload: { name: 'Nobody', owner: randomUUID() },
    });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().field).toBe('body/owner');
  });
});

describe('project lists: sorting, state filter, pagination, search and stats', () => {
  let t: TestApp;
  let user: SignedIn;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    user = await paidUser(t);
    // Created in this order; then "Bravo" gets a recording (so it is not empty) and "Delta" is deleted.
    for (const name of ['charlie', 'Alpha', 'Bravo', 'Delta', 'echo']) ids[name] = (await newProject(t, user, name)).id;
    const folder = await newFolder(t, user, ids.Bravo!);
    const res = await upload(t, user, { projectId: ids.Bravo!, folderId: folder.id }, [
      { filename: 'hello.wav', data: sineWav({ seconds: 0.5 }) },
    ]);
    expect(res.statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/projects/${ids.Delta}`, headers: user.headers });
  });
  afterAll(() => t.close());

  const names = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `/api/projects?${query}`, headers: { cookie: user.cookie } });
    expect(res.statusCode, query).toBe(200);
    return (res.json().items as { name: string }[]).map((p) => p.name);
  };

  it('sorts by name both ways, by creation and by last recording (never-recorded last)', async () => {
    expect(await names('sort=name&direction=asc')).toEqual(['Alpha', 'Bravo', 'charlie', 'echo']);
    expect(await names('sort=name')).toEqual(['echo', 'charlie', 'Bravo', 'Alpha']);
    expect(await names('sort=created_at')).toEqual(['echo', 'Bravo', 'Alpha', 'charlie']);
    expect(await names('sort=created_at&direction=asc')).toEqual(['charlie', 'Alpha', 'Bravo', 'echo']);
    expect((await names('sort=last_recording_at'))[0]).toBe('Bravo');
    expect((await names('sort=last_recording_at&direction=asc'))[0]).toBe('Bravo');
    // Default: most recently updated first; the upload touched Bravo.
    expect((await names(''))[0]).toBe('Bravo');
  });

  it('filters by state: active, empty and deleted', async () => {
    expect((await names('state=active&sort=name&direction=asc')).join()).toBe('Alpha,Bravo,charlie,echo');
    expect((await names('state=empty&sort=name&direction=asc')).join()).toBe('Alpha,charlie,echo');
    expect(await names('state=deleted')).toEqual(['Delta']);
    const deleted = await t.request({
      method: 'GET',
      url: `/api/projects/${ids.Delta}`,
      headers: { cookie: user.cookie },
    });
    expect(deleted.json().deleted_at).not.toBeNull();
  });

  it('pages with offset and limit and reports the total', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/projects?sort=name&direction=asc&offset=1&limit=2',
      headers: { cookie: user.cookie },
    });
    expect(res.json()).toMatchObject({ total: 4, offset: 1, limit: 2 });
    expect(res.json().items.map((p: { name: string }) => p.name)).toEqual(['Bravo', 'charlie']);
    const beyond = await t.request({ method: 'GET', url: '/api/projects?offset=10', headers: { cookie: user.cookie } });
    expect(beyond.json()).toMatchObject({ total: 4, offset: 10, limit: 40, items: [] });
    expect(
      (await t.request({ method: 'GET', url: '/api/projects?limit=101', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(422);
  });

  it('searches live projects by name, case-insensitively, 10 a page', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/projects/search?search=HO',
      headers: { cookie: user.cookie },
    });
    expect(res.json()).toMatchObject({ total: 1, offset: 0, limit: 10 });
    expect(res.json().items[0].name).toBe('echo');
    const wildcard = await t.request({
      method: 'GET',
      url: '/api/projects/search?search=%25',
      headers: { cookie: user.cookie },
    });
    expect(wildcard.json().total).toBe(0);
    const deleted = await t.request({
      method: 'GET',
      url: '/api/projects/search?search=delta',
      headers: { cookie: user.cookie },
    });
    expect(deleted.json().total).toBe(0);
  });

  it('orders search results as the project list is sorted', async () => {
    const search = async (query: string) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/projects/search?search=a&${query}`,
        headers: { cookie: user.cookie },
      });
      expect(res.statusCode, query).toBe(200);
      return (res.json().items as { name: string }[]).map((p) => p.name);
    };
    // "a" is in Alpha, Bravo and charlie (Delta is deleted); echo does not match.
    expect(await search('sort=name&direction=asc')).toEqual(['Alpha', 'Bravo', 'charlie']);
    expect(await search('sort=name&direction=desc')).toEqual(['charlie', 'Bravo', 'Alpha']);
    expect(await search('sort=created_at')).toEqual(['Bravo', 'Alpha', 'charlie']);
    expect(await search('sort=created_at&direction=asc')).toEqual(['charlie', 'Alpha', 'Bravo']);
    // Last recording first, the never-recorded after it in creation order.
    expect(await search('sort=last_recording_at')).toEqual(['Bravo', 'Alpha', 'charlie']);
    // Without a sort: most recently updated first (the upload touched Bravo).
    expect((await search(''))[0]).toBe('Bravo');
    const paged = await t.request({
      method: 'GET',
      url: '/api/projects/search?search=a&sort=name&direction=asc&offset=1&limit=1',
      headers: { cookie: user.cookie },
    });
    expect(paged.json()).toMatchObject({ total: 3, offset: 1, limit: 1, items: [{ name: 'Bravo' }] });
    const bad = await t.request({
      method: 'GET',
      url: '/api/projects/search?search=a&sort=size',
      headers: { cookie: user.cookie },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('counts an owner’s projects in the active and the deleted filter through an index on both', async () => {
    for (const state of [sql`deleted_at is null`, sql`deleted_at is not null`]) {
      const result = await t.database.db.transaction(async (tx) => {
        // On a handful of rows a sequential scan is cheapest; the question is whether an index can answer.
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select count(*) from projects where owner_id = ${user.userId} and ${state}`);
      });
      const plan = rowsOf<Record<string, string>>(result)
        .map((row) => Object.values(row).join(''))
        .join('\n');
      // An index finds the owner's rows in the filter; no row outside it is read to check deleted_at.
      expect(plan).toMatch(/Index (Only )?Scan (using|on) projects_\w+/);
      expect(plan).not.toContain('Filter');
    }
  });

  it('lists each project exactly as its own read answers it, in every sort and state', async () => {
    // The list builds its page in one statement (JSON and timestamps in SQL); GET /api/projects/{id} builds
    // one project in TypeScript: the two must agree to the character, folders and stats included.
    const queries = [
      '',
      'sort=name&direction=asc',
      'sort=created_at&direction=asc',
      'sort=last_recording_at',
      'state=empty',
      'state=deleted',
    ];
    for (const query of queries) {
      const list = await t.request({ method: 'GET', url: `/api/projects?${query}`, headers: { cookie: user.cookie } });
      expect(list.statusCode, query).toBe(200);
      for (const item of list.json().items as { id: string }[]) {
        const one = await t.request({
          method: 'GET',
          url: `/api/projects/${item.id}`,
          headers: { cookie: user.cookie },
        });
        expect(item, query).toEqual(one.json());
      }
    }
  });

  it('carries folders and stats in each project, and answers stats for several at once', async () => {
    const res = await t.request({ method: 'GET', url: `/api/projects/${ids.Bravo}`, headers: { cookie: user.cookie } });
    const bravo = res.json();
    expect(bravo.folders).toHaveLength(1);
    expect(bravo.stats).toMatchObject({ folders: 1, originals: 1, conversions: 0, duration: 0.5 });
    expect(bravo.stats.size).toBeGreaterThan(48000);
    expect(bravo.last_recording_at).not.toBeNull();
    const stats = await t.request({
      method: 'POST',
      url: '/api/stats/projects',
      headers: user.headers,
      payload: { project_ids: [ids.Bravo, ids.Alpha, randomUUID()] },
    });
    expect(stats.json().items).toEqual([
      { id: ids.Bravo, stats: bravo.stats },
      { id: ids.Alpha, stats: { folders: 0, originals: 0, conversions: 0, duration: 0, size: 0 } },
    ]);
    const mine = await t.request({ method: 'GET', url: '/api/stats', headers: { cookie: user.cookie } });
    expect(mine.json()).toEqual({
      projects: 4,
      folders: 1,
      originals: 1,
      conversions: 0,
      finished_conversions: 0,
      seconds_converted: 0,
      tts_characters: 0,
      voices: [],
    });
  });

  it('counts the conversions a user has had finish, those in the bin included (finished_conversions)', async () => {
    const owner = await paidUser(t);
    const project = await newProject(t, owner, 'Counts');
    const folder = await newFolder(t, owner, project.id, 'Takes');
    const uploaded = await upload(t, owner, { projectId: project.id, folderId: folder.id }, [
      { filename: 'take.wav', data: sineWav({ seconds: 0.5, frequency: 220 }) },
    ]);
    const original = uploaded.json().items[0];
    const first = await addConversion(t, original, owner.userId);
    await addConversion(t, original, owner.userId);
    await addConversion(t, original, owner.userId, { state: 'processing' });
    const stats = async () =>
      (await t.request({ method: 'GET', url: '/api/stats', headers: { cookie: owner.cookie } })).json();
    expect(await stats()).toMatchObject({ conversions: 3, finished_conversions: 2 });
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/recordings/${first.id}?hard_delete=false`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    // Deleting a conversion does not undo having made it.
    expect(await stats()).toMatchObject({ conversions: 2, finished_conversions: 2 });
    // Another user's count is their own.
    expect(
      (await t.request({ method: 'GET', url: '/api/stats', headers: { cookie: user.cookie } })).json(),
    ).toMatchObject({ finished_conversions: 0 });
  });
});
