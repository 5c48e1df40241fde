import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { sineMp3, sineWav } from '../../tests/support/audio.ts';
import { addConversion, newFolder, newProject, paidUser, subscribe, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';

/** Every file of a zip by its path, read with yauzl. */
function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err);
      const out = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(parts));
            file.readEntry();
          });
        });
      });
      file.on('end', () => resolve(out));
      file.on('error', reject);
      file.readEntry();
    });
  });
}

describe('exports', () => {
  let t: TestApp;
  let user: SignedIn;
  let project: { id: string; slug: string };
  let folderId: string;
  let subId: string;
  const uploaded = {
    take: sineWav({ seconds: 0.3 }),
    takeAgain: sineWav({ seconds: 0.2, frequency: 330 }),
    mp3: Buffer.alloc(0) as Buffer,
    nested: sineWav({ seconds: 0.1, frequency: 880 }),
  };
  let ids: { take: string; takeAgain: string; mp3: string; nested: string };
  let conversion: { id: string; data: Buffer };
  beforeAll(async () => {
    t = await createTestApp();
    user = await paidUser(t);
    project = await newProject(t, user, 'Radio show');
    folderId = (await newFolder(t, user, project.id, 'Intro')).id;
    subId = (await newFolder(t, user, project.id, 'Bits', folderId)).id;
    uploaded.mp3 = await sineMp3({ seconds: 0.5 });
    const first = await upload(t, user, { projectId: project.id, folderId }, [
      { filename: 'take.wav', data: uploaded.take },
      // The same name twice: both must be in the zip, under distinct names.
      { filename: 'take.wav', data: uploaded.takeAgain },
      { filename: 'voice memo', data: uploaded.mp3 },
    ]);
    const nested = await upload(t, user, { projectId: project.id, folderId: subId }, [
      { filename: '../../evil.wav', data: uploaded.nested },
    ]);
    const [take, takeAgain, mp3] = first.json().items;
    ids = { take: take.id, takeAgain: takeAgain.id, mp3: mp3.id, nested: nested.json().items[0].id };
    conversion = await addConversion(t, take, user.userId, { voice: 'Ava', semitones: 2, starred: true });
  });
  afterAll(() => t.close());

  const download = (url: string, who = user) => t.request({ method: 'GET', url, headers: { cookie: who.cookie } });

  it('exports a project as a zip: one directory per folder, the uploaded bytes, readable unique names', async () => {
    const res = await download(`/api/projects/${project.id}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${project.slug}.zip"; filename*=UTF-8''${project.slug}.zip`,
    );
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'Intro/Bits/evil.wav',
      'Intro/take (2).wav',
      'Intro/take.wav',
      'Intro/take_Ava_+2st.wav',
      'Intro/voice memo.mp3',
    ]);
    expect(files.get('Intro/take.wav')!.equals(uploaded.take)).toBe(true);
    expect(files.get('Intro/take (2).wav')!.equals(uploaded.takeAgain)).toBe(true);
    expect(files.get('Intro/voice memo.mp3')!.equals(uploaded.mp3)).toBe(true);
    expect(files.get('Intro/Bits/evil.wav')!.equals(uploaded.nested)).toBe(true);
    expect(files.get('Intro/take_Ava_+2st.wav')!.equals(conversion.data)).toBe(true);
  });

  it('honours starred_only, and exports a folder and an original with its conversions', async () => {
    await t.request({
      method: 'PATCH',
      url: `/api/recordings/${ids.mp3}`,
      headers: user.headers,
      payload: { starred: true },
    });
    const starred = await unzip((await download(`/api/projects/${project.id}/export?starred_only=true`)).rawPayload);
    expect([...starred.keys()].sort()).toEqual(['Intro/take_Ava_+2st.wav', 'Intro/voice memo.mp3']);
    const folder = await download(`/api/folders/${folderId}/export`);
    expect(folder.headers['content-disposition']).toContain('filename="Intro.zip"');
    expect([...(await unzip(folder.rawPayload)).keys()].sort()).toEqual([
      'take (2).wav',
      'take.wav',
      'take_Ava_+2st.wav',
      'voice memo.mp3',
    ]);
    const original = await download(`/api/recordings/export/?original_id=${ids.take}`);
    expect(original.headers['content-disposition']).toContain('filename="take.zip"');
    const files = await unzip(original.rawPayload);
    expect([...files.keys()].sort()).toEqual(['take.wav', 'take_Ava_+2st.wav']);
    expect(files.get('take.wav')!.equals(uploaded.take)).toBe(true);
    const onlyStarred = await unzip(
      (await download(`/api/recordings/export/?original_id=${ids.take}&starred_only=true`)).rawPayload,
    );
    expect([...onlyStarred.keys()]).toEqual(['take_Ava_+2st.wav']);
    // A conversion is not an original.
    expect((await download(`/api/recordings/export/?original_id=${conversion.id}`)).statusCode).toBe(404);
  });

  it('leaves out what was soft-deleted', async () => {
    await t.request({ method: 'DELETE', url: `/api/recordings/${ids.takeAgain}`, headers: user.headers });
    await t.request({ method: 'DELETE', url: `/api/folders/${subId}`, headers: user.headers });
    const files = await unzip((await download(`/api/projects/${project.id}/export`)).rawPayload);
    expect([...files.keys()].sort()).toEqual(['Intro/take.wav', 'Intro/take_Ava_+2st.wav', 'Intro/voice memo.mp3']);
  });

  it('refuses downloads on the trial (402 download) and after it ended (402 trial_expired)', async () => {
    const trial = await signIn(t);
    await subscribe(t, trial.userId, 'trialing');
    const p = await newProject(t, trial);
    const refused = await download(`/api/projects/${p.id}/export`, trial);
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ reason: 'download' });
    await subscribe(t, trial.userId, null, true);
    const expired = await download(`/api/projects/${p.id}/export`, trial);
    expect(expired.json()).toMatchObject({ reason: 'trial_expired' });
    // A trial still marked trialing whose end date has passed has ended too.
    await subscribe(t, trial.userId, 'trialing');
    await t.database.db.execute(
      sql`update subscriptions set trial_ends_at = now() - interval '1 minute' where user_id = ${trial.userId}`,
    );
    expect((await download(`/api/projects/${p.id}/export`, trial)).json()).toMatchObject({ reason: 'trial_expired' });
    // Another user's project is simply not found, plan or not.
    expect((await download(`/api/projects/${project.id}/export`, trial)).statusCode).toBe(404);
    const admin = await signIn(t, { roles: ['admin'] });
    const adminProject = await newProject(t, admin);
    expect((await download(`/api/projects/${adminProject.id}/export`, admin)).statusCode).toBe(200);
  });
});
