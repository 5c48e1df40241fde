import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sineWav } from '../../tests/support/audio.ts';
import { newFolder, newProject, paidUser, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';

describe('notes', () => {
  let t: TestApp;
  let alice: SignedIn;
  let folderId: string;
  let recordingId: string;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await paidUser(t);
    const project = await newProject(t, alice);
    folderId = (await newFolder(t, alice, project.id)).id;
    const res = await upload(t, alice, { projectId: project.id, folderId }, [
      { filename: 'n.wav', data: sineWav({ seconds: 0.1 }) },
    ]);
    recordingId = res.json().items[0].id;
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'PUT' | 'DELETE', payload: object, user = alice) =>
    t.request({ method, url: '/api/notes', headers: user.headers, payload });

  it('adds one note per recording, changes it, lists it by folder and removes it', async () => {
    const created = await call('POST', { recording_id: recordingId, text: 'Breath at 0:03' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ recording_id: recordingId, text: 'Breath at 0:03' });
    const twice = await call('POST', { recording_id: recordingId, text: 'again' });
    expect(twice.statusCode).toBe(409);
    const changed = await call('PUT', { recording_id: recordingId, text: 'Breath at 0:04' });
    expect(changed.json().text).toBe('Breath at 0:04');
    const list = await t.request({
      method: 'GET',
      url: `/api/notes?folder_id=${folderId}`,
      headers: { cookie: alice.cookie },
    });
    expect(list.json().items).toEqual([changed.json()]);
    expect((await call('DELETE', { recording_id: recordingId, text: 'ignored' })).json()).toEqual({ ok: true });
    expect((await call('DELETE', { recording_id: recordingId })).statusCode).toBe(404);
    expect((await call('PUT', { recording_id: recordingId, text: 'x' })).statusCode).toBe(404);
    expect((await call('POST', { recording_id: recordingId, text: '' })).statusCode).toBe(422);
  });

  it('answers 404 for another user’s recording, exactly as for an unknown one', async () => {
    const bob = await signIn(t);
    await call('POST', { recording_id: recordingId, text: 'mine' });
    for (const id of [recordingId, randomUUID()]) {
      for (const method of ['POST', 'PUT', 'DELETE'] as const) {
        const res = await call(method, { recording_id: id, text: 'theirs' }, bob);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
      }
    }
    const list = await t.request({
      method: 'GET',
      url: `/api/notes?folder_id=${folderId}`,
      headers: { cookie: alice.cookie },
    });
    expect(list.json().items[0].text).toBe('mine');
  });
});
