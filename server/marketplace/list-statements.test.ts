import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { authenticate } from '../platform/security.ts';
import { rowsOf } from '../platform/db.ts';

// Issue 14: a page of a list is a bounded number of SQL statements whatever the list's size (no statement
// per row), and the caller's session is looked up once per request. Statements are counted from the
// database's query log, attributed to the request that sent them (AsyncLocalStorage follows app.inject).

/** What a conversion was made with (recordings.params), as the order writes it. */
const PARAMS = JSON.stringify({
  semitones: 0,
  accent_id: null,
  narration_style_id: 'BASIC',
  denoise: false,
  normalize: false,
  denormalize: false,
  emotional_scale: 1,
});

describe('list reads: statements per request', () => {
  let t: TestApp;
  let alice: SignedIn;
  const counting = new AsyncLocalStorage<string[]>();
  let stopCounting: () => void;

  beforeAll(async () => {
    // No in-process worker: its polling would be statements of no request, but keep the count exact anyway.
    t = await createTestApp({ worker: { enabled: false } });
    // Start-up work (jobs enqueued when the app is ready) belongs to no request: done before counting.
    await t.app.ready();
    alice = await signIn(t);
    stopCounting = t.database.onStatement((statement) => counting.getStore()?.push(statement));
  });
  afterAll(async () => {
    stopCounting();
    await t.close();
  });

  /** The answer to a GET by Alice, and the statements the server sent to the database to make it. */
  async function get(url: string) {
    const statements: string[] = [];
    const res = await counting.run(statements, () =>
      t.request({ method: 'GET', url, headers: { cookie: alice.cookie } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.json(), statements };
  }

  /** Alice's projects up to `total`: each with a folder, every other one with an original and a conversion. */
  async function growProjectsTo(total: number) {
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from projects where owner_id = ${alice.userId}`),
    ) as [{ n: number }];
    await t.database.db.execute(sql`
      insert into projects (owner_id, name, slug, created_at, updated_at)
      select ${alice.userId}, 'Project ' || i, 'project-' || i, now() - i * interval '1 minute', now() - i * interval '1 minute'
      from generate_series(${n + 1}::int, ${total}::int) as i`);
    await t.database.db.execute(sql`
      insert into folders (project_id, name)
      select p.id, 'Folder' from projects p
      where p.owner_id = ${alice.userId} and not exists (select 1 from folders f where f.project_id = p.id)`);
    await t.database.db.execute(sql`
      with made as (
        insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, file_name, label, conversions_count)
        select ${alice.userId}, f.project_id, f.id, 'done', 96044, 1, 'take.wav', 'take', 1
        from folders f join projects p on p.id = f.project_id
        where p.owner_id = ${alice.userId} and right(p.slug, 1) in ('0', '2', '4', '6', '8')
          and not exists (select 1 from recordings r where r.project_id = p.id)
        returning id, project_id, parent_folder_id)
      insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, file_name, label, type, original_id, params)
      select ${alice.userId}, project_id, parent_folder_id, 'done', 1000, 0.5, 'take.wav', 'take (converted)', 'conversion', id, ${PARAMS}::jsonb
      from made`);
  }

  it('answers a page of 40 projects with folders and stats in the same statements for 10 projects as for 200', async () => {
    const routes = [
      '/api/projects?limit=40',
      '/api/projects?sort=name&direction=asc&offset=5&limit=40',
      '/api/projects?sort=last_recording_at&direction=desc&limit=40',
      '/api/projects?state=empty&limit=40',
    ];
    await growProjectsTo(10);
    const small = [];
    for (const route of routes) small.push(await get(route));
    expect(small[0]!.body.total).toBe(10);
    expect(small[0]!.body.items).toHaveLength(10);

    await growProjectsTo(200);
    const large = [];
    for (const route of routes) large.push(await get(route));
    expect(large[0]!.body.total).toBe(200);
    expect(large[0]!.body.items).toHaveLength(40);
    // Every project of the page comes with its folder and its statistics.
    const withRecording = large[0]!.body.items.find((p: { slug: string }) => p.slug === 'project-2');
    expect(withRecording.folders).toEqual([expect.objectContaining({ name: 'Folder' })]);
    expect(withRecording.stats).toEqual({ folders: 1, originals: 1, conversions: 1, duration: 1.5, size: 97044 });
    // The name sort at an offset answers the right page (index order, then the rows of its ids).
    expect(large[1]!.body.items.map((p: { name: string }) => p.name).slice(0, 3)).toEqual([
      'Project 103',
      'Project 104',
      'Project 105',
    ]);

    for (const [i, route] of routes.entries()) {
      // The session, then the page with its total, statistics and folders in one statement, at any size.
      expect(large[i]!.statements.length, route).toBe(small[i]!.statements.length);
      expect(large[i]!.statements.length, `${route}: ${large[i]!.statements.join('\n')}`).toBe(2);
    }
  });

  it('keeps the totals of live and deleted projects (read from project_counts) through creating and deleting', async () => {
    const bob = await signIn(t);
    const as = (url: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET', payload?: object) =>
      t.request({ method, url, headers: bob.headers, ...(payload ? { payload } : {}) });
    const totals = async () => ({
      active: (await as('/api/projects')).json().total,
      deleted: (await as('/api/projects?state=deleted')).json().total,
      empty: (await as('/api/projects?state=empty')).json().total,
    });
    expect(await totals()).toEqual({ active: 0, deleted: 0, empty: 0 });
    const ids: string[] = [];
    for (const name of ['One', 'Two', 'Three']) ids.push((await as('/api/projects', 'POST', { name })).json().id);
    expect(await totals()).toEqual({ active: 3, deleted: 0, empty: 3 });
    expect((await as(`/api/projects/${ids[0]}`, 'DELETE')).statusCode).toBe(200);
    // Deleting it again changes nothing.
    await as(`/api/projects/${ids[0]}`, 'DELETE');
    expect(await totals()).toEqual({ active: 2, deleted: 1, empty: 2 });
    // Permanently: the deleted one, then a live one.
    expect((await as(`/api/projects/${ids[0]}?hard_delete=true`, 'DELETE')).statusCode).toBe(200);
    expect((await as(`/api/projects/${ids[1]}?hard_delete=true`, 'DELETE')).statusCode).toBe(200);
    expect(await totals()).toEqual({ active: 1, deleted: 0, empty: 1 });
    // Renaming (an update of other columns) leaves the counts alone; Alice's are untouched by Bob's.
    expect((await as(`/api/projects/${ids[2]}`, 'PATCH', { name: 'Three, renamed' })).statusCode).toBe(200);
    expect(await totals()).toEqual({ active: 1, deleted: 0, empty: 1 });
    expect((await as('/api/projects')).json().items).toEqual([expect.objectContaining({ id: ids[2] })]);
    expect((await get('/api/projects')).body.total).toBe(200);
  });

  it('answers a page of a folder’s originals and of an original’s conversions in the same statements at any size', async () => {
    const { body } = await get('/api/projects?limit=1');
    const folderId: string = body.items[0].folders[0].id;
    const projectId: string = body.items[0].id;
    async function growOriginalsTo(total: number) {
      await t.database.db.execute(sql`
        insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, file_name, label, created_at)
        select ${alice.userId}, ${projectId}, ${folderId}, 'done', 1000, 1, 'take.wav', 'Take ' || i, now() - i * interval '1 second'
        from generate_series(
          (select count(*)::int + 1 from recordings where parent_folder_id = ${folderId} and type = 'original'), ${total}::int) as i`);
    }
    const original = async () =>
      rowsOf<{ id: string }>(
        await t.database.db.execute(sql`
          select id from recordings where parent_folder_id = ${folderId} and type = 'original'
          order by created_at desc, id desc limit 1`),
      )[0]!.id;
    async function growConversionsTo(originalId: string, total: number) {
      await t.database.db.execute(sql`
        insert into recordings (owner_id, project_id, parent_folder_id, state, size, duration, file_name, label, type, original_id, params)
        select ${alice.userId}, ${projectId}, ${folderId}, 'done', 1000, 1, 'take.wav', 'Converted ' || i, 'conversion', ${originalId}, ${PARAMS}::jsonb
        from generate_series(
          (select count(*)::int + 1 from recordings where original_id = ${originalId}), ${total}::int) as i`);
    }
    const lists = (originalId: string) => [
      `/api/recordings/originals?folder_id=${folderId}&limit=40`,
      `/api/recordings/originals?folder_id=${folderId}&sort=label&direction=asc&offset=3&limit=40`,
      `/api/recordings/conversions?original_id=${originalId}&limit=40`,
    ];

    await growOriginalsTo(10);
    const first = await original();
    await growConversionsTo(first, 10);
    const small = [];
    for (const route of lists(first)) small.push(await get(route));
    expect(small[0]!.body.items).toHaveLength(10);
    expect(small[2]!.body.total).toBe(10);

    await growOriginalsTo(200);
    await growConversionsTo(first, 200);
    const large = [];
    for (const route of lists(first)) large.push(await get(route));
    expect(large[0]!.body.total).toBe(200);
    expect(large[0]!.body.items).toHaveLength(40);
    expect(large[2]!.body.total).toBe(200);
    expect(large[2]!.body.items).toHaveLength(40);

    for (const [i, route] of lists(first).entries()) {
      expect(large[i]!.statements.length, route).toBe(small[i]!.statements.length);
      expect(large[i]!.statements.length, `${route}: ${large[i]!.statements.join('\n')}`).toBeLessThanOrEqual(4);
    }
  });

  it('looks the session up once per request: one statement for it, however often it is asked', async () => {
    // A signed-in read of one table: the session and the read, nothing more.
    const { statements } = await get('/api/v2/accent-infos');
    expect(statements).toHaveLength(2);
    expect(statements.filter((s) => /\bsessions\b/.test(s))).toHaveLength(1);

    // The operation's security, a handler and a hook of one request share the first lookup.
    const request = {
      cookies: { timbre_session: alice.cookie.split('=')[1] },
      headers: {},
    } as unknown as FastifyRequest;
    const asked: string[] = [];
    const auths = await counting.run(asked, () =>
      Promise.all([authenticate(t.database.db, request), authenticate(t.database.db, request)]),
    );
    expect(auths[0]?.user.id).toBe(alice.userId);
    expect(auths[1]).toBe(auths[0]);
    expect(await counting.run(asked, () => authenticate(t.database.db, request))).toBe(auths[0]);
    expect(asked).toHaveLength(1);
    // Another request asks again.
    const other = { ...request } as FastifyRequest;
    expect((await counting.run(asked, () => authenticate(t.database.db, other)))?.user.id).toBe(alice.userId);
    expect(asked).toHaveLength(2);
  });
});
