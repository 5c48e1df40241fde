import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmWav, syntheticVoice } from '../../tests/support/audio.ts';
import { outbox } from '../../tests/support/auth.ts';
import { newFolder, newProject, paidUser, upload } from '../../tests/support/studio.ts';
import { createTestApp, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';

const SR = 48000;
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('the opt-in e-mail when a conversion finishes', () => {
  let t: TestApp;
  let voices: { id: string; name: string }[];

  const settings = (user: SignedIn, email: boolean) =>
    t.request({
      method: 'PUT',
      url: '/api/v3/settings',
      headers: user.headers,
      payload: { notifications: { conversion_complete_email: email } },
    });

  /** A paid user with minutes, a project "Audiobook" and one original "chapter-one.wav" in folder "Takes". */
  async function userWithOriginal() {
    const user = await paidUser(t);
    await t.database.db.execute(sql`
      insert into credits (user_id, subscription_seconds, initial_subscription_seconds, available_seconds)
      values (${user.userId}, 600, 600, 600)
      on conflict (user_id) do update set available_seconds = 600, subscription_seconds = 600`);
    const project = await newProject(t, user, 'Audiobook');
    const folderId = (await newFolder(t, user, project.id, 'Takes')).id;
    const voice = syntheticVoice({ seconds: 2, f0: 140, sampleRate: SR, seed: 3 });
    const res = await upload(t, user, { projectId: project.id, folderId }, [
      { filename: 'chapter-one.wav', data: pcmWav([voice], SR) },
    ]);
    const original = res.json().items[0] as { id: string; label: string };
    return { user, original, folderId };
  }

  const order = (user: SignedIn, originalId: string, voiceIds: string[]) =>
    t.request({
      method: 'POST',
      url: '/api/v2/orders',
      headers: user.headers,
      payload: { original_id: originalId, conversions: voiceIds.map((voice_id) => ({ voice_id })) },
    });

  const mailsTo = async (user: SignedIn) => (await outbox(t)).filter((m) => m.to === user.email);

  beforeAll(async () => {
    t = await createTestApp();
    voices = rows<{ id: string; name: string }>(
      await t.database.db.execute(sql`
        select id, name from voices where visibility = 'public' and active and owner_id is null
        order by sort_order limit 2`),
    );
  }, 60_000);
  afterAll(() => t.close());

  it('sends an opted-in user exactly one e-mail per finished conversion, naming the recording and the voice', async () => {
    const { user, original, folderId } = await userWithOriginal();
    expect((await settings(user, true)).statusCode).toBe(200);
    const res = await order(
      user,
      original.id,
      voices.map((v) => v.id),
    );
    expect(res.statusCode).toBe(202);
    await t.app.jobs.idle({ timeoutMs: 120_000 });

    const mails = await mailsTo(user);
    expect(mails).toHaveLength(2);
    for (const voice of voices) {
      const mail = mails.find((m) => m.subject.includes(voice.name));
      expect(mail?.subject).toBe(`Your conversion of "${original.label}" into ${voice.name} is ready`);
      expect(mail?.text).toContain(`"${original.label}" into the voice ${voice.name} has finished`);
      expect(mail?.text).toContain('"Audiobook"');
      const link = mail!.links.map((l) => new URL(l)).find((u) => u.searchParams.get('original') === original.id);
      expect(link?.searchParams.get('folder')).toBe(folderId);
      expect(link?.pathname).toMatch(/^\/[^/]+\/audiobook/);
    }
    // Nothing more arrives later: one e-mail job per conversion, all done.
    await t.app.jobs.idle({ timeoutMs: 10_000 });
    expect(await mailsTo(user)).toHaveLength(2);
    const jobs = rows<{ state: string; n: number }>(
      await t.database.db.execute(
        sql`select state, count(*)::int as n from jobs where kind = 'mail.conversion-finished' and user_id = ${user.userId} group by state`,
      ),
    );
    expect(jobs).toEqual([{ state: 'done', n: 2 }]);
  }, 180_000);

  it('sends none to a user who did not opt in, or who turned the e-mails off again', async () => {
    const never = await userWithOriginal();
    const off = await userWithOriginal();
    await settings(off.user, true);
    await settings(off.user, false);
    expect((await order(never.user, never.original.id, [voices[0]!.id])).statusCode).toBe(202);
    expect((await order(off.user, off.original.id, [voices[0]!.id])).statusCode).toBe(202);
    await t.app.jobs.idle({ timeoutMs: 120_000 });

    const done = rows<{ n: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n from recordings
        where owner_id in (${never.user.userId}, ${off.user.userId}) and type = 'conversion' and state = 'done'`),
    );
    expect(done[0]?.n).toBe(2);
    expect(await mailsTo(never.user)).toEqual([]);
    expect(await mailsTo(off.user)).toEqual([]);
  }, 180_000);

  it('sends none when the conversion fails', async () => {
    const { user, original } = await userWithOriginal();
    await settings(user, true);
    // The upload's own work (analysis, peaks) is finished first: it is the conversion that must meet the bad bytes.
    await t.app.jobs.idle({ timeoutMs: 120_000 });
    // The original's audio is replaced by bytes that are not audio: the engine refuses it for good.
    const [stored] = rows<{ key: string }>(
      await t.database.db.execute(sql`select storage_key as key from recordings where id = ${original.id}`),
    );
    await t.app.storage.put(stored!.key, Buffer.from('this is not audio at all'));
    expect((await order(user, original.id, [voices[0]!.id])).statusCode).toBe(202);
    await t.app.jobs.idle({ timeoutMs: 120_000 });

    // The job fails for good at once; the recording is marked failed right after the job's row.
    const states = async () =>
      rows<{ state: string }>(
        await t.database.db.execute(
          sql`select state from recordings where owner_id = ${user.userId} and type = 'conversion'`,
        ),
      );
    await expect.poll(states, { timeout: 10_000 }).toEqual([{ state: 'error' }]);
    expect(await mailsTo(user)).toEqual([]);
  }, 180_000);
});
