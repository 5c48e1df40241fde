import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, giveApiKey, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { modelIdOf, voiceIdOf } from './catalogue.ts';
import { DEMO_SETS, MODELS, NARRATION_STYLE_TAG_GROUPS, TTS_VOICES, VOICES } from './catalogue-data.ts';
import { pendingDemoSets, saveDemoAudio } from './reference.ts';
import { seedReferenceData } from './index.ts';
import { get, ok, userOn } from './testing.ts';
import type { ApiModel, ApiTtsVoice } from './reference.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe('models', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const models = async (user: SignedIn) => ok<{ items: ApiModel[] }>(await get(t, user, '/api/models')).items;
  const usable = async (user: SignedIn) =>
    Object.fromEntries(
      (await models(user)).map((m) => [
        MODELS.find((d) => modelIdOf(d.key) === m.id)?.key ?? m.id,
        m.user_can_use_model,
      ]),
    );

  it('lists the models with their parameters and defaults', async () => {
    const user = await userOn(t, { status: 'active', category: 'creator' });
    const items = await models(user);
    expect(items.map((m) => m.id)).toEqual(MODELS.map((m) => modelIdOf(m.key)));
    const sts = items.find((m) => m.id === modelIdOf('timbre-sts'))!;
    expect(sts).toMatchObject({ name: 'Timbre STS', owner: null, m2o: true, visibility: 'public' });
    expect(sts.params.semitones).toEqual({
      type: 'number',
      default: 0,
      min: -24,
      max: 24,
      step: 0.5,
      description: 'Pitch shift added to the voice, in semitones.',
    });
    expect(sts.params.narration_style).toMatchObject({ type: 'string', default: 'BASIC' });
    expect(sts.params.narration_style!.options).toContain('WHISPER');
    expect(sts.params.denoise).toMatchObject({ type: 'boolean', default: false });
    expect(items.find((m) => m.id === modelIdOf('timbre-sts-calibrated'))!.m2o).toBe(false);
    expect(items.find((m) => m.id === modelIdOf('timbre-tts'))!.params.text_language).toMatchObject({ default: 'en' });
  });

  it('tells per plan whether each model may be used', async () => {
    const paid = await userOn(t, { status: 'active', category: 'creator' });
    const trial = await userOn(t, { status: 'trialing' });
    const ttsOnly = await userOn(t, { status: 'active', category: 'tts_only' });
    const none = await userOn(t, { status: null });
    const admin = await userOn(t, { status: null, roles: ['admin'] });
    const prepaid = await userOn(t, { status: null, roles: ['prepaid'] });
    const all = { 'timbre-sts': true, 'timbre-sts-long': true, 'timbre-sts-calibrated': true, 'timbre-tts': true };
    expect(await usable(paid)).toEqual(all);
    expect(await usable(admin)).toEqual(all);
    expect(await usable(prepaid)).toEqual(all);
    expect(await usable(trial)).toEqual({
      'timbre-sts': true,
      'timbre-sts-long': false,
      'timbre-sts-calibrated': false,
      'timbre-tts': true,
    });
    expect(await usable(ttsOnly)).toEqual({
      'timbre-sts': false,
      'timbre-sts-long': false,
      'timbre-sts-calibrated': false,
      'timbre-tts': true,
    });
    expect(Object.values(await usable(none)).some(Boolean)).toBe(false);
  });

  it('shows a private model to its owner only', async () => {
    const alice = await userOn(t);
    const bob = await userOn(t);
    const labId = randomUUID();
    await t.database.db.execute(sql`
      insert into models (id, name, owner_id, params, m2o, visibility)
      values (${labId}, 'Alice lab', ${alice.userId}, '{"semitones":{"type":"number","default":2}}', true, 'private')`);
    const mine = (await models(alice)).find((m) => m.id === labId);
    expect(mine).toMatchObject({ owner: alice.userId, visibility: 'private', user_can_use_model: true });
    expect((await models(bob)).some((m) => m.id === labId)).toBe(false);
  });
});

describe('reference data', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    user = await userOn(t, { status: 'active', category: 'creator' });
  });
  afterAll(() => t.close());

  it('lists narration style tags and their groups (the ids the voice filter takes)', async () => {
    const tags = ok<{ items: { id: string; name: string; group_id: string }[] }>(
      await get(t, user, '/api/v2/narration-style-tags'),
    ).items;
    const defined = NARRATION_STYLE_TAG_GROUPS.flatMap((g) => g.tags.map((tag) => ({ ...tag, group_id: g.id })));
    expect(tags.length).toBe(defined.length);
    expect(tags).toEqual(expect.arrayContaining(defined));
    const groups = ok<{ items: { id: string; name: string; tags: { id: string; group_id: string }[] }[] }>(
      await get(t, user, '/api/v2/narration-style-tags/groups'),
    ).items;
    expect(groups.map((g) => g.name)).toEqual(['Delivery', 'Mood', 'Use case']);
    for (const group of groups) {
      expect(group.tags.length).toBeGreaterThan(0);
      expect(group.tags.every((tag) => tag.group_id === group.id)).toBe(true);
    }
    expect(groups.flatMap((g) => g.tags).length).toBe(tags.length);
  });

  it('lists the TTS voices per language with their genders and the voice each converts into', async () => {
    const items = ok<{ items: ApiTtsVoice[] }>(await get(t, user, '/api/tts-voices')).items;
    expect(items).toHaveLength(TTS_VOICES.length);
    expect(new Set(items.map((v) => v.language)).size).toBeGreaterThanOrEqual(15);
    const usFemale = items.find((v) => v.id === 'en-US-female')!;
    expect(usFemale).toEqual({
      id: 'en-US-female',
      name: 'English (United States), female',
      language: 'English',
      locale: 'en-US',
      gender: 'female',
      voice_id: voiceIdOf('ava'),
    });
    expect(items.find((v) => v.id === 'de-DE-male')).toMatchObject({
      language: 'German',
      voice_id: voiceIdOf('klaus'),
    });
    expect(items.find((v) => v.id === 'ja-JP-female')).toMatchObject({ language: 'Japanese', voice_id: null });
    // The synthesiser's own voice names stay on the server.
    const stored = rows<{ engine_voice: string }>(
      await t.database.db.execute(sql`select engine_voice from tts_voices where id = 'en-GB-male'`),
    );
    expect(stored[0]!.engine_voice).toBe('en-gb-x-rp+m3');
    const key = await giveApiKey(t, user.userId);
    const viaKey = await t.request({ method: 'GET', url: '/api/tts-voices', headers: { 'x-api-key': key } });
    expect(viaKey.statusCode).toBe(200);
  });

  it('lists demo sets by language once the engine has rendered their audio, with signed links', async () => {
    expect(ok(await get(t, user, '/api/v2/demo-sets'))).toEqual({});
    const pending = await pendingDemoSets(t.database.db);
    expect(pending).toHaveLength(DEMO_SETS.length);
    const english = pending.find((d) => d.language === 'en' && d.voiceId === voiceIdOf('ava'))!;
    const french = pending.find((d) => d.language === 'fr')!;
    for (const demo of [english, french]) {
      await saveDemoAudio(t.database.db, demo.id, {
        originalKey: `demo-sets/${demo.id}/original.wav`,
        convertedKey: `demo-sets/${demo.id}/converted.wav`,
        duration: 4.25,
      });
    }
    const map = ok<Record<string, { id: string; voice_id: string; original_url: string; converted_url: string }[]>>(
      await get(t, user, '/api/v2/demo-sets'),
    );
    expect(Object.keys(map).sort()).toEqual(['en', 'fr']);
    expect(map.en).toEqual([
      {
        id: english.id,
        voice_id: voiceIdOf('ava'),
        title: 'Welcome',
        text: english.text,
        original_url: expect.stringMatching(
          new RegExp(`^/files/demo-sets/${english.id}/original\\.wav\\?expires=\\d+&token=`),
        ),
        converted_url: expect.stringMatching(/converted\.wav\?expires=\d+&token=/),
        language: 'en',
        duration: 4.25,
      },
    ]);
    expect(await pendingDemoSets(t.database.db)).toHaveLength(DEMO_SETS.length - 2);
    // A restart keeps the rendered audio.
    await seedReferenceData(t.database.db);
    expect(await pendingDemoSets(t.database.db)).toHaveLength(DEMO_SETS.length - 2);
  });

  it('keeps the accent infos keyed by locale with the synthesiser voice of each accent on the server', async () => {
    const infos = ok<Record<string, { locale: string; country: string; region: string }>>(
      await get(t, user, '/api/v2/accent-infos'),
    );
    expect(Object.keys(infos)).toHaveLength(9);
    // The flag's region is the ISO code, not the short name the UI labels the accent with.
    expect(infos['en-GB']).toMatchObject({ short_name: 'UK', region: 'GB' });
    expect(Object.values(infos).map((i) => [i.locale, i.region])).toEqual(
      Object.values(infos).map((i) => [i.locale, i.locale.slice(-2)]),
    );
    const engine = rows<{ locale: string; engine_voice: string | null }>(
      await t.database.db.execute(sql`select locale, engine_voice from accent_infos order by locale`),
    );
    expect(engine.every((r) => r.engine_voice)).toBe(true);
    expect(engine.find((r) => r.locale === 'fr-FR')!.engine_voice).toBe('fr-fr');
    // A row whose region the migration could only guess gets the code's value at the next start.
    await t.database.db.execute(sql`update accent_infos set region = 'ZZ' where locale = 'en-GB'`);
    await seedReferenceData(t.database.db);
    const region = rows<{ region: string }>(
      await t.database.db.execute(sql`select region from accent_infos where locale = 'en-GB'`),
    );
    expect(region).toEqual([{ region: 'GB' }]);
  });
});

describe('catalogue seed and artwork', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    user = await userOn(t);
  });
  afterAll(() => t.close());

  const count = async (table: string) =>
    Number(rows<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);

  it('seeds idempotently: a second start changes nothing and keeps users’ favourites and settings', async () => {
    const tables = [
      'voices',
      'voice_accents',
      'voice_narration_styles',
      'narration_styles',
      'narration_style_tags',
      'narration_style_tag_links',
      'models',
      'tts_voices',
      'demo_sets',
    ];
    const before = Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await count(n)] as const)));
    // The catalogue plus the seeded admin's three private voices.
    expect(before.voices).toBe(VOICES.length + 3);
    await t.database.db.execute(sql`
      insert into voice_favorites (user_id, voice_id) values (${user.userId}, ${voiceIdOf('ava')})`);
    await seedReferenceData(t.database.db);
    await seedReferenceData(t.database.db);
    const after = Object.fromEntries(await Promise.all(tables.map(async (n) => [n, await count(n)] as const)));
    expect(after).toEqual(before);
    expect(await count('voice_favorites')).toBe(1);
    const ids = rows<{ id: string; slug: string }>(
      await t.database.db.execute(sql`select id, slug from voices where owner_id is null`),
    );
    expect(ids.every((r) => r.id === voiceIdOf(r.slug))).toBe(true);
  });

  it('brings a changed voice back to the catalogue’s definition on the next start', async () => {
    await t.database.db.execute(sql`
      update voices set name = 'Renamed', engine_preset = '{}' where slug = 'marcus'`);
    await t.database.db.execute(sql`
      update voice_accents set is_default = false where voice_id = ${voiceIdOf('ava')}`);
    await t.database.db.execute(sql`
      insert into voice_accents (id, voice_id, locale, name, short_name, is_default)
      values ('tr-TR', ${voiceIdOf('ava')}, 'tr-TR', 'Turkish', 'TR', true)`);
    await seedReferenceData(t.database.db);
    const [marcus] = rows<{ name: string; engine_preset: { pitch_offset_semitones: number } }>(
      await t.database.db.execute(sql`select name, engine_preset from voices where slug = 'marcus'`),
    );
    expect(marcus!.name).toBe('Marcus');
    expect(marcus!.engine_preset.pitch_offset_semitones).toBe(-3);
    const accents = rows<{ id: string; is_default: boolean }>(
      await t.database.db.execute(
        sql`select id, is_default from voice_accents where voice_id = ${voiceIdOf('ava')} order by is_default desc, id`,
      ),
    );
    expect(accents).toEqual([
      { id: 'en-US', is_default: true },
      { id: 'en-GB', is_default: false },
    ]);
  });

  it('serves each voice’s generated artwork as SVG, the same bytes every time and different per voice', async () => {
    const page = ok<{ items: { image_url: string; thumbnail_url: string; bg_image_url: string }[] }>(
      await get(t, user, '/api/v2/voices?limit=3'),
    );
    const bodies = new Set<string>();
    for (const voice of page.items) {
      for (const url of [voice.image_url, voice.thumbnail_url, voice.bg_image_url]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
        expect(res.headers['content-security-policy']).toContain("default-src 'none'");
        expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
        expect(res.body).not.toMatch(/<script|<text|href=/i);
        expect((await t.app.inject({ method: 'GET', url })).body).toBe(res.body);
        bodies.add(res.body);
      }
    }
    expect(bodies.size).toBe(9);
    const thumb = await t.app.inject({ method: 'GET', url: page.items[0]!.thumbnail_url });
    expect(thumb.body).toContain('width="128" height="128"');
    const banner = await t.app.inject({ method: 'GET', url: page.items[0]!.bg_image_url });
    expect(banner.body).toContain('viewBox="0 0 1600 400"');
    for (const url of [
      '/voice-art/no-such-voice/image.svg',
      '/voice-art/ava/portrait.svg',
      '/voice-art/ava/image.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
