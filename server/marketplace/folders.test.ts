import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../../tests/support/audio.ts';
import { addConversion, countRows, newFolder, newProject, paidUser, tree, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import path from 'node:path';

describe('folders', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let projectId: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await paidUser(t);
    bob = await signIn(t);
    projectId = (await newProject(t, alice, 'Audiobook')).id;
  });
  afterAll(() => t.close());

  const list = async (query: string, user = alice) => {
    const res = await t.request({
      method: 'GET',
      url: `/api/folders?project_id=${projectId}&${query}`,
      headers: { cookie: user.cookie },
    });
    return res;
  };

  it('creates folders, nested ones inside a folder of the same project only', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/folders',
      headers: alice.headers,
      payload: { project_id: projectId, name: 'Chapter 1' },
    });
    expect(res.statusCode).toBe(201);
    const folder = res.json();
    expect(folder).toMatchObject({
      project_id: projectId,
      name: 'Chapter 1',
      parent_id: null,
      active: true,
      recordings: [],
      stats: { originals: 0, conversions: 0, duration: 0, size: 0 },
    });
    const child = await newFolder(t, alice, projectId, 'Retakes', folder.id);
    expect(child).toMatchObject({ parent_id: folder.id });
    const elsewhere = await newProject(t, alice, 'Elsewhere');
    const wrong = await t.request({
      method: 'POST',
      url: '/api/folders',
      headers: alice.headers,
      payload: { project_id: elsewhere.id, name: 'Cross', parent_id: folder.id },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().field).toBe('body/parent_id');
    const project = await t.request({
      method: 'GET',
      url: `/api/projects/${projectId}`,
      headers: { cookie: alice.cookie },
    });
    expect(project.json().folders.map((f: { name: string }) => f.name)).toEqual(['Chapter 1', 'Retakes']);
  });

  it('lists, sorts by label/name/created_at/updated_at, pages and searches', async () => {
    for (const name of ['b-side', 'A-side', 'c-side']) await newFolder(t, alice, projectId, name);
    const names = async (q: string) => (await list(q)).json().items.map((f: { name: string }) => f.name);
    expect(await names('sort=label&direction=asc')).toEqual(['A-side', 'b-side', 'c-side', 'Chapter 1', 'Retakes']);
    expect(await names('sort=name&direction=desc')).toEqual(['Retakes', 'Chapter 1', 'c-side', 'b-side', 'A-side']);
    expect(await names('sort=created_at&direction=asc')).toEqual([
      'Chapter 1',
      'Retakes',
      'b-side',
      'A-side',
      'c-side',
    ]);
    expect((await names(''))[0]).toBe('c-side');
    const page = (await list('sort=label&direction=asc&offset=2&limit=2')).json();
    expect(page).toMatchObject({ total: 5, offset: 2, limit: 2 });
    expect(page.items.map((f: { name: string }) => f.name)).toEqual(['c-side', 'Chapter 1']);
    const search = await t.request({
      method: 'GET',
      url: `/api/folders/search?project_id=${projectId}&search=SIDE`,
      headers: { cookie: alice.cookie },
    });
    expect(search.json()).toMatchObject({ total: 3, limit: 10 });
  });

  it('renames a folder and answers its stats with those of others', async () => {
    const folder = await newFolder(t, alice, projectId, 'Old name');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/folders/${folder.id}`,
      headers: alice.headers,
      payload: { name: 'New name' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('New name');
    await upload(t, alice, { projectId, folderId: folder.id }, [{ filename: 'a.wav', data: sineWav({ seconds: 1 }) }]);
    const stats = await t.request({
      method: 'POST',
      url: '/api/stats/folders',
      headers: alice.headers,
      payload: { folder_ids: [folder.id, randomUUID()] },
    });
    expect(stats.json().items).toEqual([
      { id: folder.id, stats: { originals: 1, conversions: 0, duration: 1, size: 96044 } },
    ]);
  });

  it('counts a conversion as audio once it is done, not while it is still at 0 %', async () => {
    const folder = await newFolder(t, alice, projectId, 'Summary');
    const up = await upload(t, alice, { projectId, folderId: folder.id }, [
      { filename: 'take.wav', data: sineWav({ seconds: 1 }) },
    ]);
    const original = up.json().items[0];
    await addConversion(t, original, alice.userId, { state: 'processing' });
    const statsOf = async () => {
      const folderStats = await t.request({
        method: 'POST',
        url: '/api/stats/folders',
        headers: alice.headers,
        payload: { folder_ids: [folder.id] },
      });
      const projectStats = await t.request({
        method: 'POST',
        url: '/api/stats/projects',
        headers: alice.headers,
        payload: { project_ids: [projectId] },
      });
      const listed = (await list('limit=100')).json().items.find((f: { id: string }) => f.id === folder.id);
      return { folder: folderStats.json().items[0].stats, project: projectStats.json().items[0].stats, listed };
    };
    const before = await statsOf();
    expect(before.folder).toMatchObject({ originals: 1, conversions: 1, duration: 1 });
    expect(before.listed.stats).toEqual(before.folder);
    await addConversion(t, original, alice.userId, { state: 'done' });
    const after = await statsOf();
    expect(after.folder).toMatchObject({ originals: 1, conversions: 2, duration: 1.3 });
    expect(after.project.duration - before.project.duration).toBeCloseTo(0.3, 5);
  });

  it('soft-deletes a folder with its sub-folders and recordings, and deletes them for good with their files', async () => {
    const top = await newFolder(t, alice, projectId, 'To delete');
    const sub = await newFolder(t, alice, projectId, 'Sub', top.id);
    const up = await upload(t, alice, { projectId, folderId: sub.id }, [
      { filename: 's.wav', data: sineWav({ seconds: 0.2 }) },
    ]);
    const recordingId = up.json().items[0].id;
    const soft = await t.request({ method: 'DELETE', url: `/api/folders/${top.id}`, headers: alice.headers });
    expect(soft.json()).toEqual({ id: top.id });
    const names = (await list('limit=100')).json().items.map((f: { name: string }) => f.name);
    expect(names).not.toContain('To delete');
    expect(names).not.toContain('Sub');
    const gone = await t.request({
      method: 'GET',
      url: `/api/recordings/${recordingId}`,
      headers: { cookie: alice.cookie },
    });
    expect(gone.json().active).toBe(false);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/recordings/originals?folder_id=${sub.id}`,
          headers: { cookie: alice.cookie },
        })
      ).statusCode,
    ).toBe(404);

    const filesDir = path.join(t.app.config.dataDir, 'files');
    expect((await tree(filesDir)).some((f) => f.includes(recordingId))).toBe(true);
    const recordingsBefore = await countRows(t, 'recordings');
    const hard = await t.request({
      method: 'DELETE',
      url: `/api/folders/${top.id}?hard_delete=true`,
      headers: alice.headers,
    });
    expect(hard.statusCode).toBe(200);
    expect(await countRows(t, 'recordings')).toBe(recordingsBefore - 1);
    expect((await tree(filesDir)).some((f) => f.includes(recordingId))).toBe(false);
    expect(
      (await t.request({ method: 'GET', url: `/api/recordings/${recordingId}`, headers: { cookie: alice.cookie } }))
        .statusCode,
    ).toBe(404);
  });

  it('answers 404 for another user’s folders and projects, exactly as for unknown ids', async () => {
    const folder = await newFolder(t, alice, projectId, 'Mine');
    expect((await list('', bob)).statusCode).toBe(404);
    for (const id of [folder.id, randomUUID()]) {
      const rename = await t.request({
        method: 'PATCH',
        url: `/api/folders/${id}`,
        headers: bob.headers,
        payload: { name: 'x' },
      });
      expect(rename.statusCode).toBe(404);
      expect(rename.json()).toEqual({ detail: 'Folder not found' });
      expect((await t.request({ method: 'DELETE', url: `/api/folders/${id}`, headers: bob.headers })).statusCode).toBe(
        404,
      );
      expect(
        (await t.request({ method: 'GET', url: `/api/folders/${id}/export`, headers: { cookie: bob.cookie } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'GET', url: `/api/notes?folder_id=${id}`, headers: { cookie: bob.cookie } }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'GET', url: `/api/recordings?folder_id=${id}`, headers: { cookie: bob.cookie } }))
          .statusCode,
      ).toBe(404);
    }
    const intoMine = await t.request({
      method: 'POST',
      url: '/api/folders',
      headers: bob.headers,
      payload: { project_id: projectId, name: 'Intruder' },
    });
    expect(intoMine.statusCode).toBe(404);
    const bobProject = await newProject(t, bob, 'Bob');
    const underMine = await t.request({
      method: 'POST',
      url: '/api/folders',
      headers: bob.headers,
      payload: { project_id: bobProject.id, name: 'Intruder', parent_id: folder.id },
    });
    expect(underMine.statusCode).toBe(404);
    const stats = await t.request({
      method: 'POST',
      url: '/api/stats/folders',
      headers: bob.headers,
      payload: { folder_ids: [folder.id] },
    });
    expect(stats.json()).toEqual({ items: [] });
    const search = await t.request({
      method: 'GET',
      url: `/api/folders/search?project_id=${projectId}`,
      headers: { cookie: bob.cookie },
    });
    expect(search.statusCode).toBe(404);
  });
});
