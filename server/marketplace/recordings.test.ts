import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../../tests/support/audio.ts';
import { addConversion, countRows, newFolder, newProject, paidUser, tree, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';

describe('recordings', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let projectId: string;
  let folderId: string;
  let otherFolderId: string;
  const originals: { id: string; project_id: string; parent_folder_id: string; url: string; label: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    alice = await paidUser(t);
    bob = await signIn(t);
    projectId = (await newProject(t, alice, 'Show')).id;
    folderId = (await newFolder(t, alice, projectId, 'Episode 1')).id;
    otherFolderId = (await newFolder(t, alice, projectId, 'Episode 2')).id;
    const res = await upload(t, alice, { projectId, folderId }, [
      { filename: 'bravo.wav', data: sineWav({ seconds: 0.2 }) },
      { filename: 'alpha.wav', data: sineWav({ seconds: 0.4 }) },
      { filename: 'charlie.wav', data: sineWav({ seconds: 0.3 }) },
    ]);
    originals.push(...res.json().items);
  });
  afterAll(() => t.close());

  const get = (url: string, user = alice) => t.request({ method: 'GET', url, headers: { cookie: user.cookie } });

  it('lists a folder’s originals newest first by default, sorted by label or dates, paged', async () => {
    const labels = async (q: string) =>
      (await get(`/api/recordings/originals?folder_id=${folderId}&${q}`))
        .json()
        .items.map((r: { label: string }) => r.label);
    expect(await labels('')).toEqual(['charlie', 'alpha', 'bravo']);
    expect(await labels('sort=label&direction=asc')).toEqual(['alpha', 'bravo', 'charlie']);
    expect(await labels('sort=created_at&direction=asc')).toEqual(['bravo', 'alpha', 'charlie']);
    const page = (await get(`/api/recordings/originals?folder_id=${folderId}&offset=1&limit=1`)).json();
    expect(page).toMatchObject({ total: 3, offset: 1, limit: 1 });
    const folder = (await get(`/api/folders?project_id=${projectId}`))
      .json()
      .items.find((f: { id: string }) => f.id === folderId);
    expect(folder.recordings).toEqual([originals[2]!.id, originals[1]!.id, originals[0]!.id]);
  });

  it('gets one recording, and lists a folder’s originals with their conversions', async () => {
    const one = await get(`/api/recordings/${originals[0]!.id}`);
    expect(one.json()).toMatchObject({ id: originals[0]!.id, label: 'bravo', duration: 0.2 });
    const conversion = await addConversion(t, originals[0]!, alice.userId);
    const all = (await get(`/api/recordings?folder_id=${folderId}`)).json().items as { id: string; type: string }[];
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({ id: conversion.id, type: 'conversion' });
    expect((await get(`/api/recordings/${originals[0]!.id}`)).json().conversions_count).toBe(1);
  });

  it('stars, relabels and moves an original with its conversions; a conversion cannot move alone', async () => {
    const original = originals[1]!;
    const conversion = await addConversion(t, original, alice.userId, { voice: 'Bruno' });
    const patch = (id: string, payload: object) =>
      t.request({ method: 'PATCH', url: `/api/recordings/${id}`, headers: alice.headers, payload });
    const starred = await patch(original.id, { starred: true, label: 'Alpha (final)' });
    expect(starred.json()).toMatchObject({ starred: true, label: 'Alpha (final)' });
    const moved = await patch(original.id, { parent_folder_id: otherFolderId });
    expect(moved.json().parent_folder_id).toBe(otherFolderId);
    expect((await get(`/api/recordings/${conversion.id}`)).json().parent_folder_id).toBe(otherFolderId);
    const alone = await patch(conversion.id, { parent_folder_id: folderId });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().field).toBe('body/parent_folder_id');
    const elsewhere = await newProject(t, alice, 'Elsewhere');
    const foreignFolder = await newFolder(t, alice, elsewhere.id);
    expect((await patch(original.id, { parent_folder_id: foreignFolder.id })).statusCode).toBe(422);
    expect((await patch(original.id, { label: '--bad' })).statusCode).toBe(422);
    expect((await patch(original.id, {})).statusCode).toBe(422);
    await patch(original.id, { parent_folder_id: folderId });
  });

  it('soft-deletes an original with its conversions, then deletes them for good with their files', async () => {
    const up = await upload(t, alice, { projectId, folderId }, [
      { filename: 'doomed.wav', data: sineWav({ seconds: 0.1 }) },
    ]);
    const original = up.json().items[0];
    const conversion = await addConversion(t, original, alice.userId);
    await t.request({
      method: 'POST',
      url: '/api/notes',
      headers: alice.headers,
      payload: { recording_id: original.id, text: 'keep?' },
    });
    const soft = await t.request({ method: 'DELETE', url: `/api/recordings/${original.id}`, headers: alice.headers });
    expect(soft.json()).toEqual([original.id, conversion.id]);
    const listed = (await get(`/api/recordings?folder_id=${folderId}`)).json().items.map((r: { id: string }) => r.id);
    expect(listed).not.toContain(original.id);
    expect(listed).not.toContain(conversion.id);
    expect((await get(`/api/recordings/${original.id}`)).json().active).toBe(false);
    expect((await get(`/api/notes?folder_id=${folderId}`)).json().items).toEqual([]);

    const filesDir = path.join(t.app.config.dataDir, 'files');
    const before = await tree(filesDir);
    expect(before.filter((f) => f.includes(original.id) || f.includes(conversion.id)).length).toBeGreaterThan(0);
    const rows = await countRows(t, 'recordings');
    const hard = await t.request({
      method: 'DELETE',
      url: `/api/recordings/${original.id}?hard_delete=true`,
      headers: alice.headers,
    });
    expect(hard.json()).toEqual([original.id, conversion.id]);
    expect(await countRows(t, 'recordings')).toBe(rows - 2);
    expect((await tree(filesDir)).filter((f) => f.includes(original.id) || f.includes(conversion.id))).toEqual([]);
    expect((await get(`/api/recordings/${original.id}`)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: original.url })).statusCode).toBe(404);
  });

  it('deletes a conversion alone, lowering its original’s count', async () => {
    const original = originals[2]!;
    const conversion = await addConversion(t, original, alice.userId);
    const del = await t.request({ method: 'DELETE', url: `/api/recordings/${conversion.id}`, headers: alice.headers });
    expect(del.json()).toEqual([conversion.id]);
    expect((await get(`/api/recordings/${original.id}`)).json()).toMatchObject({ active: true, conversions_count: 0 });
  });

  it('answers 404 for another user’s recordings and folders, exactly as for unknown ids', async () => {
    for (const id of [originals[0]!.id, randomUUID()]) {
      const res = await get(`/api/recordings/${id}`, bob);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Recording not found' });
      expect(
        (
          await t.request({
            method: 'PATCH',
            url: `/api/recordings/${id}`,
            headers: bob.headers,
            payload: { starred: true },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/recordings/${id}`, headers: bob.headers })).statusCode,
      ).toBe(404);
      expect((await get(`/api/recordings/export/?original_id=${id}`, bob)).statusCode).toBe(404);
    }
    expect((await get(`/api/recordings/originals?folder_id=${folderId}`, bob)).statusCode).toBe(404);
    // Bob cannot move his recording into Alice's folder either.
    const bobProject = await newProject(t, bob, 'Bob');
    const bobFolder = await newFolder(t, bob, bobProject.id);
    const bobs = (
      await upload(t, bob, { projectId: bobProject.id, folderId: bobFolder.id }, [
        { filename: 'b.wav', data: sineWav({ seconds: 0.1 }) },
      ])
    ).json().items[0];
    const move = await t.request({
      method: 'PATCH',
      url: `/api/recordings/${bobs.id}`,
      headers: bob.headers,
      payload: { parent_folder_id: folderId },
    });
    expect(move.statusCode).toBe(404);
    expect((await get(`/api/recordings/${originals[0]!.id}`)).statusCode).toBe(200);
  });
});
