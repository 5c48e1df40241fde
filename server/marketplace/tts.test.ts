import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newFolder, newProject, paidUser, subscribe } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { createVoiceAnalyzer } from '../audio/pitch.ts';
import { MODERATION_MESSAGE, moderateText } from './tts.ts';

const EN =
  'Hello there. This is a test of the voice, reading a longer sentence so that there is enough speech to measure.';
const DE = 'Guten Morgen, wie geht es Ihnen heute? Das Wetter ist schön, und wir lesen einen etwas längeren Satz vor.';
const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

function readWav(bytes: Buffer): Float32Array {
  let at = 12;
  while (at + 8 <= bytes.length) {
    const size = bytes.readUInt32LE(at + 4);
    if (bytes.toString('ascii', at, at + 4) === 'data') {
      const out = new Float32Array(size / 2);
      for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(at + 8 + i * 2) / 32768;
      return out;
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

describe('text to speech: POST /api/v2/recordings/tts', () => {
  let t: TestApp;
  let alice: SignedIn;
  let place: { project_id: string; parent_folder_id: string };
  let voiceId: string;
  const tts = (user: SignedIn, payload: object) =>
    t.request({ method: 'POST', url: '/api/v2/recordings/tts', headers: user.headers, payload });
  const giveCharacters = (user: SignedIn, chars: number, limit = 100) =>
    t.database.db.execute(sql`
      insert into credits (user_id, tts_chars, initial_tts_chars, tts_limit) values (${user.userId}, ${chars}, ${chars}, ${limit})
      on conflict (user_id) do update set tts_chars = excluded.tts_chars, tts_limit = excluded.tts_limit`);

  beforeAll(async () => {
    t = await createTestApp();
    alice = await paidUser(t);
    await giveCharacters(alice, 10_000);
    const project = await newProject(t, alice, 'Spoken');
    const folder = await newFolder(t, alice, project.id, 'Texts');
    place = { project_id: project.id, parent_folder_id: folder.id };
    voiceId = rows<{ id: string }>(
      await t.database.db.execute(
        sql`select id from voices where visibility = 'public' and active and owner_id is null order by sort_order limit 1`,
      ),
    )[0]!.id;
  });
  afterAll(() => t.close());

  it('speaks English and German text in the chosen voice: a queued original that becomes real speech', async () => {
    const english = await tts(alice, {
      ...place,
      text: EN,
      text_language: 'en-US',
      voice_id: voiceId,
    });
    expect(english.statusCode).toBe(202);
    expect(english.json()).toMatchObject({
      type: 'original',
      tts: true,
      state: 'queued',
      voice_id: voiceId,
      text_language: 'en-US',
    });
    const german = await tts(alice, {
      ...place,
      text: DE,
      text_language: 'de',
      voice_id: voiceId,
    });
    expect(german.statusCode).toBe(202);
    expect(german.json().narration_style_id).toBe('BASIC');
    await t.app.jobs.idle({ timeoutMs: 120_000 });
    for (const id of [english.json().id, german.json().id]) {
      const rec = (
        await t.request({ method: 'GET', url: `/api/recordings/${id}`, headers: { cookie: alice.cookie } })
      ).json();
      expect(rec.state).toBe('done');
      expect(rec.duration).toBeGreaterThan(1);
      const samples = readWav((await t.request({ method: 'GET', url: rec.url })).rawPayload);
      const analyzer = createVoiceAnalyzer();
      for (let i = 0; i < samples.length; i += 48000) analyzer.add([samples.subarray(i, i + 48000)], 48000);
      const profile = analyzer.finish();
      expect(profile.f0_median_hz).toBeGreaterThan(60);
    }
    const left = rows<{ c: number; n: number }>(
      await t.database.db.execute(
        sql`select tts_chars as c, (select count(*)::int from tts_requests where user_id = ${alice.userId}) as n from credits where user_id = ${alice.userId}`,
      ),
    )[0]!;
    expect(left.n).toBe(2);
    expect(left.c).toBe(10_000 - EN.length - DE.length);
  }, 180_000);

  it('answers 429 with the limit and when it resets once the daily requests are used', async () => {
    const bob = await paidUser(t);
    await giveCharacters(bob, 1000, 1);
    const project = await newProject(t, bob, 'B');
    const folder = await newFolder(t, bob, project.id);
    const at = { project_id: project.id, parent_folder_id: folder.id, text_language: 'en', voice_id: voiceId };
    expect((await tts(bob, { ...at, text: 'One.' })).statusCode).toBe(202);
    const refused = await tts(bob, { ...at, text: 'Two.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().detail).toMatchObject({ limit: 1 });
    expect(refused.json().detail.retry_after).toBeGreaterThan(86_000);
    expect(Number(refused.headers['retry-after'])).toBe(refused.json().detail.retry_after);
  });

  it('refuses text over the trial’s 500 characters, characters the plan lacks, and text that fails moderation', async () => {
    const trial = await signIn(t);
    await subscribe(t, trial.userId, 'trialing');
    await giveCharacters(trial, 500);
    const project = await newProject(t, trial, 'T');
    const folder = await newFolder(t, trial, project.id);
    const at = { project_id: project.id, parent_folder_id: folder.id, text_language: 'en', voice_id: voiceId };
    const long = await tts(trial, { ...at, text: 'a'.repeat(501) });
    expect(long.statusCode).toBe(402);
    expect(long.json().reason).toBe('out_of_characters');
    await giveCharacters(trial, 3);
    expect((await tts(trial, { ...at, text: 'Four' })).json().reason).toBe('out_of_characters');
    await giveCharacters(trial, 500);
    const bad = await tts(trial, { ...at, text: 'I will kill you!' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ detail: MODERATION_MESSAGE, field: 'body/text' });
    expect(moderateText('Skills you will learn: kill switches').status).toBe('approved');
    // Another user's folder is not found.
    expect((await tts(alice, { ...at, text: 'Hi' })).statusCode).toBe(404);
  });
});
