import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pcmWav, syntheticVoice } from '../../tests/support/audio.ts';
import { newFolder, newProject, upload } from '../../tests/support/studio.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { enqueueJob } from '../jobs/index.ts';
import { refundConversion } from '../marketplace/orders.ts';

/**
 * What each plan lets a user do, for users who bought their plan through the product (the local payment
 * provider's checkout and signed webhook): SPEC.md section 6's per-credit restrictions, TTS Only's
 * unlock_sts, Per Minute's metered conversions, and the characters every plan grants.
 */

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const SR = 48000;

describe('plans bought through the product: what each lets the user do', () => {
  let t: TestApp;
  let publicVoice: string;
  let paidVoice: string;
  let otherAccent: { voice: string; accent: string };

  const buy = async (user: SignedIn, price: string, extra: Record<string, unknown> = {}) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v3/checkout-session',
      headers: user.headers,
      payload: { price, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = new URL((res.json() as { url: string }).url).pathname;
    const form = new URLSearchParams({ csrf_token: user.csrf, card_name: 'Ada Lovelace' }).toString();
    const paid = await t.request({
      method: 'POST',
      url: page.replace('/checkout/', '/pay/'),
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(paid.statusCode).toBe(303);
    await t.app.jobs.idle({ timeoutMs: 20_000 });
  };
  /** A user with a project, a folder and a 1.5 s original. */
  const studio = async (user: SignedIn) => {
    const project = await newProject(t, user, 'Plans');
    const folder = await newFolder(t, user, project.id, 'Takes');
    const res = await upload(t, user, { projectId: project.id, folderId: folder.id }, [
      { filename: 'take.wav', data: pcmWav([syntheticVoice({ seconds: 1.5, f0: 140, sampleRate: SR })], SR) },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const original = res.json().items[0] as { id: string; duration: number };
    return { project, folder, original };
  };
  const order = (user: SignedIn, originalId: string, conversion: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/v2/orders',
      headers: user.headers,
      payload: { original_id: originalId, conversions: [conversion] },
    });
  const tts = (user: SignedIn, place: { project: { id: string }; folder: { id: string } }, text = 'Hello there.') =>
    t.request({
      method: 'POST',
      url: '/api/v2/recordings/tts',
      headers: user.headers,
      payload: {
        project_id: place.project.id,
        parent_folder_id: place.folder.id,
        text,
        text_language: 'en-US',
        voice_id: publicVoice,
      },
    });
  const credits = async (user: SignedIn) =>
    (await t.request({ method: 'GET', url: '/api/v3/credits', headers: { cookie: user.cookie } })).json();

  beforeAll(async () => {
    t = await createTestApp();
    const pick = async (where: ReturnType<typeof sql>) =>
      rows<{ id: string }>(
        await t.database.db.execute(sql`select id from voices where active and owner_id is null and ${where}
          order by sort_order limit 1`),
      )[0]!.id;
    publicVoice = await pick(sql`visibility = 'public'`);
    paidVoice = await pick(sql`visibility = 'paid' and 'creator' = any(tiers)`);
    otherAccent = rows<{ voice: string; accent: string }>(
      await t.database.db.execute(sql`select a.voice_id as voice, a.id as accent from voice_accents a
        join voices v on v.id = a.voice_id where v.visibility = 'public' and v.active and v.owner_id is null
        and not a.is_default order by v.sort_order limit 1`),
    )[0]!;
  }, 60_000);
  afterAll(async () => {
    await t.app.jobs.idle({ timeoutMs: 120_000 });
    await t.close();
  });

  it('grants a paid Creator subscriber the characters the plan sells, so text to speech works', async () => {
    const user = await signIn(t);
    await buy(user, 'creator-month');
    expect(await credits(user)).toMatchObject({ tts_chars: 100_000, initial_tts_chars: 100_000 });
    const place = await studio(user);
    const text = 'A paid subscriber reads this aloud.';
    const res = await tts(user, place, text);
    expect(res.statusCode, res.body).toBe(202);
    expect((await credits(user)).tts_chars).toBe(100_000 - text.length);
    const [charge] = rows<{ reason: string; delta_chars: number; recording_id: string }>(
      await t.database.db.execute(sql`select reason, delta_chars, recording_id from credit_ledger
        where user_id = ${user.userId} and reason = 'tts'`),
    );
    expect(charge).toEqual({ reason: 'tts', delta_chars: -text.length, recording_id: res.json().id });
  });

  it('gives a failed text to speech its characters back, once, through the ledger', async () => {
    const user = await signIn(t);
    await buy(user, 'tts-30k-month');
    const place = await studio(user);
    const res = await tts(user, place, 'Hello');
    expect(res.statusCode).toBe(202);
    await t.app.jobs.idle({ timeoutMs: 120_000 });
    // The same request again, whose voice is gone by the time its job runs: the job fails for good.
    const [row] = rows<{ id: string }>(
      await t.database.db.execute(sql`insert into recordings (owner_id, project_id, parent_folder_id, type, state, tts,
        text, text_language, label) values (${user.userId}, ${place.project.id}, ${place.folder.id}, 'original',
        'queued', true, 'Hello', 'en-US', 'Hello') returning id`),
    );
    await t.database.db.execute(sql`update credits set tts_chars = tts_chars - 5 where user_id = ${user.userId}`);
    await t.database.db.execute(sql`insert into credit_ledger (user_id, recording_id, delta_chars, reason)
      values (${user.userId}, ${row!.id}, -5, 'tts')`);
    await enqueueJob(t.database.db, 'tts', { recordingId: row!.id }, { userId: user.userId });
    await t.app.jobs.idle({ timeoutMs: 60_000 });
    const ledger = async () =>
      rows<{ reason: string; delta_chars: number }>(
        await t.database.db.execute(sql`select reason, delta_chars from credit_ledger where recording_id = ${row!.id}
          order by created_at`),
      );
    // onFailed runs once the job is marked failed, so the queue reads idle a moment before the refund.
    await expect.poll(async () => (await ledger()).length, { timeout: 10_000 }).toBe(2);
    expect((await credits(user)).tts_chars).toBe(30_000 - 5);
    expect(await ledger()).toEqual([
      { reason: 'tts', delta_chars: -5 },
      { reason: 'refund:tts', delta_chars: 5 },
    ]);
  });

  it('keeps Pay As You Go credits to public voices, default accents and no characters; downloads allowed', async () => {
    const user = await signIn(t);
    await buy(user, 'credits-5-min');
    const place = await studio(user);
    const paid = await order(user, place.original.id, { voice_id: paidVoice });
    expect(paid.statusCode).toBe(402);
    expect(paid.json().reason).toBe('voice');
    const accent = await order(user, place.original.id, {
      voice_id: otherAccent.voice,
      accent_id: otherAccent.accent,
    });
    expect(accent.statusCode).toBe(402);
    expect(accent.json().reason).toBe('accent');
    const speech = await tts(user, place);
    expect(speech.statusCode).toBe(402);
    expect(speech.json().reason).toBe('out_of_characters');
    // Downloads are included.
    const download = await t.request({
      method: 'GET',
      url: `/api/recordings/export?original_id=${place.original.id}`,
      headers: { cookie: user.cookie },
    });
    expect(download.statusCode).toBe(200);
    // A public voice with its default accent converts, paid from the bought credits.
    const ok = await order(user, place.original.id, { voice_id: publicVoice });
    expect(ok.statusCode, ok.body).toBe(202);
    expect((await credits(user)).bought_credits).toBeLessThan(300);
    // Out of credits: "Out of Credits! Upgrade Now" (buy credits), not out of minutes.
    await t.database.db.execute(
      sql`update credits set bought_credits = 0.2, available_seconds = 0.2 where user_id = ${user.userId}`,
    );
    const broke = await order(user, place.original.id, { voice_id: publicVoice });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().reason).toBe('out_of_credits');
  });

  it('answers out_of_minutes to a plan whose minutes ran out, and unlock_sts to TTS Only', async () => {
    const creator = await signIn(t);
    await buy(creator, 'creator-month');
    const place = await studio(creator);
    await t.database.db.execute(sql`update credits set subscription_seconds = 0.2, available_seconds = 0.2
      where user_id = ${creator.userId}`);
    const broke = await order(creator, place.original.id, { voice_id: publicVoice });
    expect(broke.statusCode).toBe(402);
    expect(broke.json().reason).toBe('out_of_minutes');

    // The free trial's minutes run out the same way: "Out of Minutes?", more by upgrading or buying credits.
    const trial = await signIn(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/v3/start-trial', headers: trial.headers, payload: {} })).statusCode,
    ).toBe(200);
    const trialPlace = await studio(trial);
    await t.database.db.execute(sql`update credits set subscription_seconds = 0.2, available_seconds = 0.2
      where user_id = ${trial.userId}`);
    const trialBroke = await order(trial, trialPlace.original.id, { voice_id: publicVoice });
    expect(trialBroke.statusCode).toBe(402);
    expect(trialBroke.json().reason).toBe('out_of_minutes');

    const ttsOnly = await signIn(t);
    await buy(ttsOnly, 'tts-30k-month');
    expect(await credits(ttsOnly)).toMatchObject({ subscription_seconds: 0, tts_chars: 30_000 });
    const own = await studio(ttsOnly);
    const sts = await order(ttsOnly, own.original.id, { voice_id: publicVoice });
    expect(sts.statusCode).toBe(402);
    expect(sts.json()).toMatchObject({
      reason: 'unlock_sts',
      detail: "STS conversions aren't included in this plan. Upgrade to enable this feature.",
    });
    expect((await tts(ttsOnly, own)).statusCode).toBe(202);
  });

  it('bills Per Minute by the second: no balance needed, each conversion metered, refunded when it fails', async () => {
    const user = await signIn(t);
    await buy(user, 'per-minute', { revenue_under_limit: true });
    expect((await credits(user)).available_seconds).toBe(0);
    const place = await studio(user);
    const res = await order(user, place.original.id, { voice_id: publicVoice });
    expect(res.statusCode, res.body).toBe(202);
    const conversion = res.json().conversions[0] as { id: string };
    const billed = Math.ceil(place.original.duration);
    const ledger = async () =>
      rows<{ reason: string; delta_seconds: number }>(
        await t.database.db.execute(sql`select reason, delta_seconds from credit_ledger
          where recording_id = ${conversion.id} order by created_at`),
      );
    expect(await ledger()).toEqual([{ reason: 'conversion:metered', delta_seconds: -billed }]);
    const current = async () =>
      (await t.request({ method: 'GET', url: '/api/v3/subscriptions', headers: { cookie: user.cookie } })).json()
        .current;
    expect((await current()).metered_seconds).toBe(billed);
    // The usage is reported after the order commits (the local provider records it).
    await t.app.jobs.idle({ timeoutMs: 120_000 });
    const usage = async () =>
      rows<{ id: string; seconds: number; reported: boolean; refunded: boolean; cancelled: boolean }>(
        await t.database.db.execute(sql`select id, seconds, reported_at is not null as reported,
          refunded_at is not null as refunded, cancelled_at is not null as cancelled
          from metered_usage where user_id = ${user.userId}`),
      );
    expect(await usage()).toEqual([
      { id: conversion.id, seconds: billed, reported: true, refunded: false, cancelled: false },
    ]);
    // A conversion that fails is refunded, once, and its report cancelled.
    expect(await t.database.db.transaction((tx) => refundConversion(tx, conversion.id))).toBe(billed);
    expect(await t.database.db.transaction((tx) => refundConversion(tx, conversion.id))).toBe(0);
    expect(await ledger()).toEqual([
      { reason: 'conversion:metered', delta_seconds: -billed },
      { reason: 'refund:conversion:metered', delta_seconds: billed },
    ]);
    expect((await current()).metered_seconds).toBe(0);
    await t.app.jobs.idle({ timeoutMs: 20_000 });
    expect(await usage()).toEqual([
      { id: conversion.id, seconds: billed, reported: true, refunded: true, cancelled: true },
    ]);
    // Charged again (a retry): a new identifier, since the provider keeps identifiers unique for a day.
    await t.database.db.execute(sql`update recordings set state = 'error' where id = ${conversion.id}`);
    const retried = await t.request({
      method: 'POST',
      url: `/api/v2/orders/retry/${conversion.id}`,
      headers: user.headers,
    });
    expect(retried.statusCode, retried.body).toBe(202);
    expect((await usage()).map((u) => u.id).sort()).toEqual([conversion.id, `${conversion.id}.1`]);
    expect((await current()).metered_seconds).toBe(billed);
  });
});
