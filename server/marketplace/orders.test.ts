import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmWav, syntheticVoice } from '../../tests/support/audio.ts';
import { newFolder, newProject, paidUser, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { createVoiceAnalyzer } from '../audio/pitch.ts';

const SR = 48000;
const F0 = 140;

/** Mono 16-bit PCM WAV → samples (what the engine writes). */
function readWav(bytes: Buffer): { samples: Float32Array; sampleRate: number } {
  let at = 12;
  let sampleRate = 0;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = bytes.readUInt32LE(at + 12);
    if (id === 'data') {
      const samples = new Float32Array(size / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(at + 8 + i * 2) / 32768;
      return { samples, sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

function medianPitch(samples: Float32Array, sampleRate: number): number {
  const analyzer = createVoiceAnalyzer();
  for (let i = 0; i < samples.length; i += sampleRate) analyzer.add([samples.subarray(i, i + sampleRate)], sampleRate);
  return analyzer.finish().f0_median_hz;
}

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('orders: POST /api/v2/orders through the queue and the voice engine', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let original: { id: string; project_id: string; parent_folder_id: string; duration: number };
  let catalogue: { id: string; name: string; offset: number; cost: number }[];

  const balance = async (user: SignedIn) =>
    Number(
      rows<{ s: number }>(
        await t.database.db.execute(sql`select available_seconds as s from credits where user_id = ${user.userId}`),
      )[0]?.s ?? 0,
    );
  const setBalance = (user: SignedIn, seconds: number) =>
    t.database.db.execute(sql`
      insert into credits (user_id, subscription_seconds, initial_subscription_seconds, available_seconds)
      values (${user.userId}, ${seconds}, ${seconds}, ${seconds})
      on conflict (user_id) do update set subscription_seconds = excluded.subscription_seconds,
        available_seconds = excluded.available_seconds, bought_credits = 0`);
  const order = (user: SignedIn, payload: object) =>
    t.request({ method: 'POST', url: '/api/v2/orders', headers: user.headers, payload });
  const get = (url: string, user = alice) => t.request({ method: 'GET', url, headers: { cookie: user.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    alice = await paidUser(t);
    bob = await paidUser(t);
    await setBalance(alice, 600);
    await setBalance(bob, 600);
    const projectId = (await newProject(t, alice, 'Audiobook')).id;
    const folderId = (await newFolder(t, alice, projectId, 'Chapter 1')).id;
    const voice = syntheticVoice({ seconds: 6, f0: F0, sampleRate: SR, seed: 7 });
    const res = await upload(t, alice, { projectId, folderId }, [
      { filename: 'narration.wav', data: pcmWav([voice], SR) },
    ]);
    original = res.json().items[0];
    // Three public voices whose own offsets differ, cheapest first.
    catalogue = rows<{ id: string; name: string; offset: number; cost: number }>(
      await t.database.db.execute(sql`
        select id, name, (engine_preset->>'pitch_offset_semitones')::float as offset, cost_multiplier as cost
        from voices where visibility = 'public' and active and owner_id is null
          and abs((engine_preset->>'pitch_offset_semitones')::float) <= 6
        order by sort_order limit 3`),
    );
  }, 60_000);
  afterAll(() => t.close());

  it('converts one original into three voices: queued at once, done through the queue, pitch as asked', async () => {
    const semitones = [2, -3, 0.5];
    const before = await balance(alice);
    const res = await order(alice, {
      original_id: original.id,
      conversions: catalogue.map((v, i) => ({ voice_id: v.id, semitones_correction: semitones[i] })),
    });
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(
      body.conversions.map((c: { voice_id: string; state: string; type: string }) => [c.voice_id, c.state, c.type]),
    ).toEqual(catalogue.map((v) => [v.id, 'queued', 'conversion']));
    expect(body.conversions[0]).toMatchObject({
      file_name: `narration_${catalogue[0]!.name}_+2st.wav`,
      original_id: original.id,
      semitones_correction: 2,
      narration_style_id: 'BASIC',
      process_stage: '0',
    });
    const cost = catalogue.reduce((s, v) => s + original.duration * v.cost, 0);
    expect(await balance(alice)).toBeCloseTo(before - cost, 2);
    expect((await get(`/api/recordings/${original.id}`)).json().conversions_count).toBe(3);

    await t.app.jobs.idle({ timeoutMs: 120_000 });
    const list = (await get(`/api/recordings/conversions?original_id=${original.id}&direction=asc`)).json();
    expect(list.total).toBe(3);
    for (const conversion of list.items as {
      id: string;
      state: string;
      url: string;
      waveform_url: string;
      voice_id: string;
      semitones_correction: number;
      duration: number;
    }[]) {
      expect(conversion.state).toBe('done');
      expect(conversion.duration).toBeCloseTo(original.duration, 1);
      const wav = await t.request({ method: 'GET', url: conversion.url });
      expect(wav.statusCode).toBe(200);
      const { samples, sampleRate } = readWav(wav.rawPayload);
      expect(sampleRate).toBe(48000);
      const voice = catalogue.find((v) => v.id === conversion.voice_id)!;
      const measured = 12 * Math.log2(medianPitch(samples, sampleRate) / F0);
      expect(Math.abs(measured - (voice.offset + conversion.semitones_correction))).toBeLessThanOrEqual(0.5);
      expect((await t.request({ method: 'GET', url: conversion.waveform_url })).statusCode).toBe(200);
    }
    // Exactly one result per conversion, and the jobs are done.
    const jobs = rows<{ state: string; n: number }>(
      await t.database.db.execute(
        sql`select state, count(*)::int as n from jobs where kind = 'convert' group by state`,
      ),
    );
    expect(jobs).toEqual([{ state: 'done', n: 3 }]);
    const counts = await t.request({
      method: 'POST',
      url: '/api/recordings/conversion-count',
      headers: alice.headers,
      payload: { original_id: original.id, voice_ids: [catalogue[0]!.id, 'voice-that-is-not'] },
    });
    expect(counts.json()).toEqual({
      original_id: original.id,
      counts: { [catalogue[0]!.id]: 1, 'voice-that-is-not': 0 },
    });
  }, 180_000);

  it('refuses what it cannot do, at the right field and with nothing written', async () => {
    const recordingsBefore = rows<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from recordings`),
    )[0]!.n;
    const voiceId = catalogue[0]!.id;
    // Another user's original is not found.
    expect((await order(bob, { original_id: original.id, conversions: [{ voice_id: voiceId }] })).statusCode).toBe(404);
    // An unknown voice, accent or style answers 422 at its field.
    const unknown = await order(alice, {
      original_id: original.id,
      conversions: [{ voice_id: voiceId }, { voice_id: 'nope' }],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().field).toBe('body/conversions/1/voice_id');
    const accent = await order(alice, {
      original_id: original.id,
      conversions: [{ voice_id: voiceId, accent_id: 'xx-XX' }],
    });
    expect(accent.json().field).toBe('body/conversions/0/accent_id');
    // Out of minutes: 402 with the reason the upgrade modal shows.
    await setBalance(alice, 0.5);
    const broke = await order(alice, { original_id: original.id, conversions: [{ voice_id: voiceId }] });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().reason).toBe('out_of_minutes');
    expect(await balance(alice)).toBe(0.5);
    await setBalance(alice, 600);
    // A conversion is not an original.
    const conversionId = (await get(`/api/recordings/conversions?original_id=${original.id}`)).json().items[0].id;
    expect((await order(alice, { original_id: conversionId, conversions: [{ voice_id: voiceId }] })).statusCode).toBe(
      409,
    );
    // Without a plan nothing converts.
    const nobody = await signIn(t);
    const project = await newProject(t, nobody, 'Mine');
    const folder = await newFolder(t, nobody, project.id);
    const own = (
      await upload(t, nobody, { projectId: project.id, folderId: folder.id }, [
        { filename: 'a.wav', data: pcmWav([syntheticVoice({ seconds: 1, f0: 150, sampleRate: SR })], SR) },
      ])
    ).json().items[0];
    const lapsed = await order(nobody, { original_id: own.id, conversions: [{ voice_id: voiceId }] });
    expect(lapsed.statusCode).toBe(402);
    expect(lapsed.json().reason).toBe('trial_expired');
    const after = rows<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from recordings`))[0]!
      .n;
    expect(after).toBe(recordingsBefore + 1);
  });

  it('a conversion that failed is retried (charged again, done again); an issue can be reported on it', async () => {
    const conversion = (await get(`/api/recordings/conversions?original_id=${original.id}`)).json().items[0];
    await t.database.db.execute(
      sql`update recordings set state = 'error', error = 'engine crashed' where id = ${conversion.id}`,
    );
    const retried = await t.request({
      method: 'POST',
      url: `/api/v2/orders/retry/${conversion.id}`,
      headers: alice.headers,
    });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ id: conversion.id, state: 'queued', error: null });
    const again = await t.request({
      method: 'POST',
      url: `/api/v2/orders/retry/${conversion.id}`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(409);
    await t.app.jobs.idle({ timeoutMs: 120_000 });
    expect((await get(`/api/recordings/${conversion.id}`)).json().state).toBe('done');
    expect(
      (await t.request({ method: 'POST', url: `/api/v2/orders/retry/${conversion.id}`, headers: bob.headers }))
        .statusCode,
    ).toBe(404);

    const report = await t.request({
      method: 'POST',
      url: `/api/recordings/${conversion.id}/conversion-issue`,
      headers: alice.headers,
      payload: { description: 'A click at 0:03' },
    });
    expect(report.statusCode).toBe(201);
    expect(report.json()).toMatchObject({ recording_id: conversion.id, description: 'A click at 0:03' });
    const onOriginal = await t.request({
      method: 'POST',
      url: `/api/recordings/${original.id}/conversion-issue`,
      headers: alice.headers,
      payload: { description: 'Hm' },
    });
    expect(onOriginal.statusCode).toBe(422);
  }, 180_000);

  it('deleting a queued conversion cancels its job and gives its charge back', async () => {
    await t.app.jobs.worker?.stop();
    const before = await balance(alice);
    const res = await order(alice, { original_id: original.id, conversions: [{ voice_id: catalogue[1]!.id }] });
    const id = res.json().conversions[0].id;
    expect(await balance(alice)).toBeLessThan(before);
    const deleted = await t.request({ method: 'DELETE', url: `/api/recordings/${id}`, headers: alice.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await balance(alice)).toBeCloseTo(before, 5);
    const job = rows<{ state: string }>(
      await t.database.db.execute(sql`select state from jobs where dedupe_key = ${`convert:${id}`}`),
    );
    expect(job).toEqual([{ state: 'cancelled' }]);
  });
});
