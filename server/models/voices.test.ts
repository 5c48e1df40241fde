import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../../tests/support/test-app.ts';
import { voiceIdOf } from './catalogue.ts';
import { NARRATION_STYLE_TAG_GROUPS, NARRATION_STYLES, VOICES } from './catalogue-data.ts';
import { seedPrivateVoices } from './seed.ts';
import { allVoices, get, ok, post, userOn, type VoicePage } from './testing.ts';
import type { ApiVoice } from './voices.ts';

const listed = VOICES.filter((v) => v.active !== false && v.visibility !== 'enterprise');
const id = (slug: string) => voiceIdOf(slug);

describe('voices: listing, filters, sort and pagination', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    user = await userOn(t, { status: 'active', category: 'creator' });
  });
  afterAll(() => t.close());

  it('lists the catalogue a user may see, 20 a page by default, pages adding up to the total', async () => {
    const first = ok<VoicePage>(await get(t, user, '/api/v2/voices'));
    expect(first.limit).toBe(20);
    expect(first.offset).toBe(0);
    expect(first.items).toHaveLength(20);
    // Public, paid and kids voices; not the enterprise ones, not the retired one, not the admin's private ones.
    expect(first.total).toBe(listed.length);
    expect(first.total).toBeGreaterThanOrEqual(40);
    const all = await allVoices(t, user);
    expect(new Set(all.map((v) => v.id)).size).toBe(listed.length);
    const paged: string[] = [];
    for (let offset = 0; offset < first.total; offset += 20) {
      const page = ok<VoicePage>(await get(t, user, `/api/v2/voices?offset=${offset}`));
      paged.push(...page.items.map((v) => v.id));
    }
    expect(paged).toEqual(all.map((v) => v.id));
    const beyond = ok<VoicePage>(await get(t, user, `/api/v2/voices?offset=${first.total}`));
    expect(beyond).toMatchObject({ total: first.total, items: [] });
  });

  it('answers each voice with its accents (one default), narration styles (BASIC the default) and artwork', async () => {
    const ava = (await allVoices(t, user)).find((v) => v.id === id('ava'))!;
    expect(ava).toMatchObject({
      name: 'Ava',
      owner_id: null,
      visibility: 'public',
      species: 'human',
      gender: 'female',
      age_group: 'adult',
      nationality: 'American',
      voice_talent: false,
      active: true,
      favorite: false,
      available: true,
      settings: null,
      cost_multiplier: 1,
    });
    expect(ava.accents.map((a) => [a.locale, a.is_default])).toEqual([
      ['en-US', true],
      ['en-GB', false],
    ]);
    expect(ava.accents[0]).toEqual({
      id: 'en-US',
      locale: 'en-US',
      info: { name: 'American English', short_name: 'US' },
      is_default: true,
      settings: { favorite: false },
    });
    // The voice's own shift from its engine preset (Ava's is +5), which the suggested pitch shift subtracts.
    const offset = VOICES.find((v) => v.slug === 'ava')!.preset.pitch_offset_semitones;
    expect(offset).toBe(5);
    expect(ava.pitch_offset_semitones).toBe(5);
    expect(ava.pitch).toBeCloseTo(140 * 2 ** (5 / 12), 0);
    const marcus = (await allVoices(t, user)).find((v) => v.id === id('marcus'))!;
    expect(marcus.pitch_offset_semitones).toBe(-3);
    expect(ava.narration_styles[0]).toEqual({ id: 'BASIC', info: { name: 'Basic' }, is_default: true, tags: [] });
    expect(ava.narration_styles.map((s) => s.id).sort()).toEqual(['BASIC', 'CONVERSATIONAL', 'NARRATIVE', 'PROMO']);
    const promo = ava.narration_styles.find((s) => s.id === 'PROMO')!;
    expect(promo.tags).toEqual([...NARRATION_STYLES.find((s) => s.id === 'PROMO')!.tags].sort());
    expect(ava.image_url).toMatch(/^\/voice-art\/ava\/image\.svg/);
    expect(ava.thumbnail_url).toMatch(/^\/voice-art\/ava\/thumbnail\.svg/);
    expect(ava.bg_image_url).toMatch(/^\/voice-art\/ava\/background\.svg/);
    for (const voice of await allVoices(t, user)) {
      expect(
        voice.accents.filter((a) => a.is_default),
        voice.name,
      ).toHaveLength(1);
      expect(
        voice.narration_styles.filter((s) => s.is_default).map((s) => s.id),
        voice.name,
      ).toEqual(['BASIC']);
    }
  });

  it('sorts by the curated order by default, by created_at and by pitch either way', async () => {
    const byDefault = await allVoices(t, user);
    expect(byDefault.map((v) => v.id)).toEqual(listed.map((v) => id(v.slug)));

    const newest = await allVoices(t, user, 'sort=created_at');
    const created = newest.map((v) => Date.parse(v.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const oldest = await allVoices(t, user, 'sort=created_at&direction=asc');
    // Every voice joined on its own day, so oldest first is newest first turned round.
    expect(oldest.map((v) => v.id)).toEqual([...newest].reverse().map((v) => v.id));
    expect(oldest.map((v) => Date.parse(v.created_at))).toEqual([...created].sort((a, b) => a - b));

    const highest = (await allVoices(t, user, 'sort=pitch')).map((v) => v.pitch);
    expect(highest).toEqual([...highest].sort((a, b) => b - a));
    expect(highest[0]).toBeGreaterThan(highest.at(-1)!);
    const lowest = (await allVoices(t, user, 'sort=pitch&direction=asc')).map((v) => v.pitch);
    expect(lowest).toEqual([...highest].sort((a, b) => a - b));
    expect(ok<VoicePage>(await get(t, user, '/api/v2/voices?sort=pitch&direction=asc&limit=1')).items[0]!.pitch).toBe(
      lowest[0],
    );
  });

  it('filters by each field, ORing the values of one filter and ANDing the filters', async () => {
    const check = async (query: string, predicate: (v: ApiVoice) => boolean) => {
      const items = await allVoices(t, user, query);
      const expected = (await allVoices(t, user)).filter(predicate);
      expect(items.length, query).toBeGreaterThan(0);
      expect(
        items.map((v) => v.id),
        query,
      ).toEqual(expected.map((v) => v.id));
      return items;
    };
    await check('gender=female', (v) => v.gender === 'female');
    await check('gender=female&gender=neutral', (v) => v.gender === 'female' || v.gender === 'neutral');
    await check('species=robot&species=creature', (v) => v.species === 'robot' || v.species === 'creature');
    await check('age_group=child', (v) => v.age_group === 'child');
    await check('age_group=senior&gender=male', (v) => v.age_group === 'senior' && v.gender === 'male');
    await check('pitch_group=low', (v) => v.pitch_group === 'low');
    await check('pitch_group=high&species=human', (v) => v.pitch_group === 'high' && v.species === 'human');
    await check('visibility=paid', (v) => v.visibility === 'paid');
    await check('visibility=kids&visibility=public', (v) => v.visibility === 'kids' || v.visibility === 'public');
    await check(
      'nationality=French&nationality=German',
      (v) => v.nationality === 'French' || v.nationality === 'German',
    );
    await check('locales=uk-UA', (v) => v.accents.some((a) => a.locale === 'uk-UA'));
    await check('locales=tr-TR&locales=zh-CN', (v) => v.accents.some((a) => ['tr-TR', 'zh-CN'].includes(a.locale)));
    await check('voice_talent=true', (v) => v.voice_talent);
    await check('voice_talent=false', (v) => !v.voice_talent);
    await check('search=LE', (v) => v.name.toLowerCase().includes('le'));
    const moodTags = new Set<string>(NARRATION_STYLE_TAG_GROUPS.find((g) => g.id === 'mood')!.tags.map((t) => t.id));
    await check('narration_style_tag_groups=mood', (v) =>
      v.narration_styles.some((s) => s.tags.some((tag) => moodTags.has(tag))),
    );
    await check('narration_style_tags=whispered', (v) => v.narration_styles.some((s) => s.tags.includes('whispered')));
    await check(
      'narration_style_tags=whispered&narration_style_tags=news&gender=female',
      (v) =>
        v.gender === 'female' &&
        v.narration_styles.some((s) => s.tags.includes('whispered') || s.tags.includes('news')),
    );
    // BASIC, which every voice has, carries no tags: only a voice's other styles put it in a group.
    const deliveryTags = new Set<string>(
      NARRATION_STYLE_TAG_GROUPS.find((g) => g.id === 'delivery')!.tags.map((t) => t.id),
    );
    const inDelivery = (v: ApiVoice) => v.narration_styles.some((s) => s.tags.some((tag) => deliveryTags.has(tag)));
    const male = await check(
      'narration_style_tag_groups=delivery&gender=male&locales=en-GB',
      (v) => v.gender === 'male' && v.accents.some((a) => a.locale === 'en-GB') && inDelivery(v),
    );
    // Grumbold's only style besides BASIC is CHARACTER, which has no delivery tag.
    expect(male.some((v) => v.id === id('grumbold'))).toBe(false);
    expect((await allVoices(t, user, 'gender=male&locales=en-GB')).some((v) => v.id === id('grumbold'))).toBe(true);
    const none = ok<VoicePage>(await get(t, user, '/api/v2/voices?species=robot&age_group=child'));
    expect(none).toMatchObject({ total: 0, items: [] });
    const literal = ok<VoicePage>(await get(t, user, '/api/v2/voices?search=%25'));
    expect(literal.total).toBe(0);
  });

  it('refuses values the contract does not allow with 422 naming the parameter', async () => {
    for (const [query, field] of [
      ['gender=alien', 'query/gender/0'],
      ['limit=101', 'query/limit'],
      ['sort=name', 'query/sort'],
      ['locales=english', 'query/locales/0'],
      ['visibility=secret', 'query/visibility/0'],
    ] as const) {
      const res = await get(t, user, `/api/v2/voices?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().field, query).toBe(field);
    }
  });

  it('finds voices by name, names starting with the text first, at most limit of them', async () => {
    const found = ok<{ items: ApiVoice[] }>(await get(t, user, '/api/v2/voices/search?name=an'));
    const names = found.items.map((v) => v.name);
    expect(names.length).toBeGreaterThan(2);
    expect(names.length).toBeLessThanOrEqual(10);
    expect(names.every((n) => n.toLowerCase().includes('an'))).toBe(true);
    const firstNonPrefix = names.findIndex((n) => !n.toLowerCase().startsWith('an'));
    expect(names.slice(firstNonPrefix).some((n) => n.toLowerCase().startsWith('an'))).toBe(false);
    expect(names[0]!.toLowerCase().startsWith('an')).toBe(true);
    const one = ok<{ items: ApiVoice[] }>(await get(t, user, '/api/v2/voices/search?name=a&limit=1'));
    expect(one.items).toHaveLength(1);
    // Retired and enterprise voices are not found.
    expect(ok<{ items: ApiVoice[] }>(await get(t, user, '/api/v2/voices/search?name=classic')).items).toEqual([]);
    expect(ok<{ items: ApiVoice[] }>(await get(t, user, '/api/v2/voices/search?name=atlas')).items).toEqual([]);
    expect((await get(t, user, '/api/v2/voices/search')).statusCode).toBe(422);
    expect((await get(t, user, '/api/v2/voices/search?name=')).statusCode).toBe(422);
  });

  it('fetches voices by ids in the order asked, leaving out unknown ones and keeping retired ones', async () => {
    const ids = [id('mei'), randomUUID(), id('max-classic'), id('ava')];
    const res = ok<{ items: ApiVoice[] }>(await post(t, user, '/api/v2/voices/by-ids', { voice_ids: ids }));
    expect(res.items.map((v) => v.id)).toEqual([id('mei'), id('max-classic'), id('ava')]);
    const retired = res.items[1]!;
    expect(retired).toMatchObject({ active: false, available: false });
    expect((await post(t, user, '/api/v2/voices/by-ids', { voice_ids: [] })).statusCode).toBe(422);
    expect((await post(t, user, '/api/v2/voices/by-ids', { voice_ids: ['nope'] })).statusCode).toBe(422);
  });

  it('needs a session or an API key (401), and the CSRF header for writes (403)', async () => {
    for (const [method, url] of [
      ['GET', '/api/v2/voices'],
      ['GET', '/api/v2/voices/search?name=a'],
      ['POST', '/api/v2/voices/by-ids'],
      ['POST', `/api/v2/voices/favorite/${id('ava')}`],
      ['POST', '/api/v2/voices/settings'],
      ['GET', `/api/v2/voices/${id('ava')}/private-check`],
      ['GET', '/api/models'],
      ['GET', '/api/tts-voices'],
      ['GET', '/api/v2/demo-sets'],
      ['GET', '/api/v2/narration-style-tags'],
      ['GET', '/api/v2/narration-style-tags/groups'],
    ] as const) {
      const res = await t.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ detail: 'Not authenticated' });
    }
    const noCsrf = await t.request({
      method: 'POST',
      url: `/api/v2/voices/favorite/${id('ava')}`,
      headers: { cookie: user.cookie },
      payload: { favorite: true },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('voices: favourites and settings', () => {
  let t: TestApp;
  let user: SignedIn;
  let other: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    user = await userOn(t, { status: 'active', category: 'power' });
    other = await userOn(t, { status: 'active', category: 'power' });
  });
  afterAll(() => t.close());

  it('marks and unmarks a favourite; favourites come first by default and under favorite=true', async () => {
    const klaus = id('klaus');
    const marked = ok<ApiVoice>(await post(t, user, `/api/v2/voices/favorite/${klaus}`, { favorite: true }));
    expect(marked).toMatchObject({ id: klaus, favorite: true, settings: null });
    // Twice is the same as once.
    ok(await post(t, user, `/api/v2/voices/favorite/${klaus}`, { favorite: true }));
    ok(await post(t, user, `/api/v2/voices/favorite/${id('pip')}`, { favorite: true }));
    const first = ok<VoicePage>(await get(t, user, '/api/v2/voices?limit=2'));
    // Favourites first, in the curated order among themselves.
    expect(first.items.map((v) => v.id)).toEqual([klaus, id('pip')]);
    const favourites = ok<VoicePage>(await get(t, user, '/api/v2/voices?favorite=true'));
    expect(favourites.total).toBe(2);
    expect(favourites.items.every((v) => v.favorite)).toBe(true);
    const rest = ok<VoicePage>(await get(t, user, '/api/v2/voices?favorite=false&limit=100'));
    expect(rest.items.some((v) => v.favorite)).toBe(false);
    expect(rest.total + favourites.total).toBe(listed.length);
    // Another user's favourites are their own.
    expect(ok<VoicePage>(await get(t, other, '/api/v2/voices?favorite=true')).total).toBe(0);
    expect(ok<VoicePage>(await get(t, other, '/api/v2/voices?limit=1')).items[0]!.id).toBe(id(listed[0]!.slug));

    const unmarked = ok<ApiVoice>(await post(t, user, `/api/v2/voices/favorite/${klaus}`, { favorite: false }));
    expect(unmarked.favorite).toBe(false);
    expect(ok<VoicePage>(await get(t, user, '/api/v2/voices?favorite=true')).items.map((v) => v.id)).toEqual([
      id('pip'),
    ]);
    expect((await post(t, user, `/api/v2/voices/favorite/${randomUUID()}`, { favorite: true })).statusCode).toBe(404);
    expect((await post(t, user, `/api/v2/voices/favorite/${klaus}`, { favorite: 'yes' })).statusCode).toBe(422);
  });

  it('saves settings for a voice and shows them on the voice; the accent becomes the accent favourite', async () => {
    const ava = id('ava');
    await post(t, user, `/api/v2/voices/favorite/${ava}`, { favorite: true });
    const saved = ok(
      await post(t, user, '/api/v2/voices/settings', {
        voice_id: ava,
        accent_id: 'en-GB',
        semitones_correction: -2.5,
        narration_style_id: 'PROMO',
      }),
    );
    expect(saved).toEqual({
      voice_id: ava,
      favorite: true,
      semitones_correction: -2.5,
      accent_id: 'en-GB',
      narration_style_id: 'PROMO',
    });
    const [voice] = ok<{ items: ApiVoice[] }>(await post(t, user, '/api/v2/voices/by-ids', { voice_ids: [ava] })).items;
    expect(voice!.settings).toEqual(saved);
    expect(voice!.accents.map((a) => [a.id, a.settings.favorite])).toEqual([
      ['en-US', false],
      ['en-GB', true],
    ]);
    // Saving again replaces them; without a narration style it is BASIC; accent null is the default accent.
    const again = ok(
      await post(t, user, '/api/v2/voices/settings', { voice_id: ava, accent_id: null, semitones_correction: 24 }),
    );
    expect(again).toEqual({
      voice_id: ava,
      favorite: true,
      semitones_correction: 24,
      accent_id: null,
      narration_style_id: 'BASIC',
    });
    const [after] = ok<{ items: ApiVoice[] }>(await post(t, user, '/api/v2/voices/by-ids', { voice_ids: [ava] })).items;
    expect(after!.accents.every((a) => !a.settings.favorite)).toBe(true);
    expect(after!.settings).toEqual(again);
    // The other user sees none of it.
    const [theirs] = ok<{ items: ApiVoice[] }>(
      await post(t, other, '/api/v2/voices/by-ids', { voice_ids: [ava] }),
    ).items;
    expect(theirs).toMatchObject({ favorite: false, settings: null });
  });

  it('refuses settings outside the rules: semitones in 0.5 steps within ±24 (422), foreign accent or style (404)', async () => {
    const ava = id('ava');
    const base = { voice_id: ava, accent_id: 'en-US', semitones_correction: 1 };
    for (const semitones of [0.25, 24.5, -25, 1.1]) {
      const res = await post(t, user, '/api/v2/voices/settings', { ...base, semitones_correction: semitones });
      expect(res.statusCode, String(semitones)).toBe(422);
      expect(res.json().field).toBe('body/semitones_correction');
    }
    // The contract gives semitones_correction a default of 0, which fills it in when it is left out.
    const missing = await post(t, user, '/api/v2/voices/settings', { voice_id: ava, accent_id: 'en-US' });
    expect(ok(missing)).toMatchObject({ semitones_correction: 0 });
    const noAccent = await post(t, user, '/api/v2/voices/settings', { voice_id: ava, semitones_correction: 1 });
    expect(noAccent.statusCode).toBe(422);
    expect(noAccent.json().field).toBe('body/accent_id');
    const accent = await post(t, user, '/api/v2/voices/settings', { ...base, accent_id: 'fr-FR' });
    expect(accent.statusCode).toBe(404);
    expect(accent.json().detail).toBe('Accent fr-FR is not one of this voice’s accents');
    const style = await post(t, user, '/api/v2/voices/settings', { ...base, narration_style_id: 'WHISPER' });
    expect(style.statusCode).toBe(404);
    expect(style.json().detail).toBe('Narration style WHISPER is not one of this voice’s narration styles');
    const unknownStyle = await post(t, user, '/api/v2/voices/settings', { ...base, narration_style_id: 'NO_SUCH' });
    expect(unknownStyle.statusCode).toBe(404);
    const unknownVoice = await post(t, user, '/api/v2/voices/settings', { ...base, voice_id: randomUUID() });
    expect(unknownVoice.statusCode).toBe(404);
    expect(unknownVoice.json().detail).toBe('Voice not found');
    const extra = await post(t, user, '/api/v2/voices/settings', { ...base, favorite: true });
    expect(extra.statusCode).toBe(422);
    // Half steps at the edges are fine.
    expect(ok(await post(t, user, '/api/v2/voices/settings', { ...base, semitones_correction: -23.5 }))).toMatchObject({
      semitones_correction: -23.5,
    });
  });
});

describe('voices: who sees and may use what', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let alicePrivate: Map<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await userOn(t, { status: 'active', category: 'creator' });
    bob = await userOn(t, { status: 'active', category: 'creator' });
    alicePrivate = await seedPrivateVoices(t.database.db, alice.userId);
  });
  afterAll(() => t.close());

  it('shows a private voice to its owner only: lists, search, by-ids, favourites, settings and the check', async () => {
    const ids = [...alicePrivate.values()];
    expect(ids).toHaveLength(3);
    const mine = ok<VoicePage>(await get(t, alice, '/api/v2/voices?visibility=private'));
    expect(mine.items.map((v) => v.id).sort()).toEqual([...ids].sort());
    expect(mine.items.every((v) => v.owner_id === alice.userId && v.available)).toBe(true);
    expect((await allVoices(t, alice)).filter((v) => ids.includes(v.id))).toHaveLength(3);

    expect(ok<VoicePage>(await get(t, bob, '/api/v2/voices?visibility=private'))).toMatchObject({
      total: 0,
      items: [],
    });
    expect((await allVoices(t, bob)).some((v) => ids.includes(v.id))).toBe(false);
    const search = ok<{ items: ApiVoice[] }>(await get(t, bob, '/api/v2/voices/search?name=Demo%20Clone'));
    expect(search.items).toEqual([]);
    expect(
      ok<{ items: ApiVoice[] }>(await get(t, alice, '/api/v2/voices/search?name=Demo%20Clone')).items.map((v) => v.id),
    ).toEqual([ids[1]]);
    const byIds = ok<{ items: ApiVoice[] }>(
      await post(t, bob, '/api/v2/voices/by-ids', { voice_ids: [...ids, id('ava')] }),
    );
    expect(byIds.items.map((v) => v.id)).toEqual([id('ava')]);
    expect((await post(t, bob, `/api/v2/voices/favorite/${ids[0]}`, { favorite: true })).statusCode).toBe(404);
    const settings = await post(t, bob, '/api/v2/voices/settings', {
      voice_id: ids[0],
      accent_id: null,
      semitones_correction: 0,
    });
    expect(settings.statusCode).toBe(404);
    expect(settings.json().detail).toBe('Voice not found');
    // The owner may.
    expect(ok<ApiVoice>(await post(t, alice, `/api/v2/voices/favorite/${ids[0]}`, { favorite: true })).favorite).toBe(
      true,
    );

    expect(ok(await get(t, alice, `/api/v2/voices/${ids[0]}/private-check`))).toEqual({
      voice_id: ids[0],
      private: true,
      owned: true,
    });
    expect(ok(await get(t, bob, `/api/v2/voices/${ids[0]}/private-check`))).toEqual({
      voice_id: ids[0],
      private: true,
      owned: false,
    });
    expect(ok(await get(t, bob, `/api/v2/voices/${id('ava')}/private-check`))).toEqual({
      voice_id: id('ava'),
      private: false,
      owned: false,
    });
    expect((await get(t, bob, `/api/v2/voices/${randomUUID()}/private-check`)).statusCode).toBe(404);
    expect((await get(t, bob, '/api/v2/voices/not-a-uuid/private-check')).statusCode).toBe(422);
  });

  it('does not show the seeded admin’s private voices to anyone else, admins included', async () => {
    const admin = await userOn(t, { status: null, roles: ['admin'] });
    const visible = await allVoices(t, admin, 'visibility=private');
    expect(visible).toEqual([]);
    const everyone = await allVoices(t, alice);
    expect(everyone.filter((v) => v.visibility === 'private').every((v) => v.owner_id === alice.userId)).toBe(true);
  });

  it('makes paid voices available on paid plans whose category is in the voice’s tiers, not on the trial', async () => {
    const trial = await userOn(t, { status: 'trialing' });
    const explorer = await userOn(t, { status: 'active', category: 'explorer' });
    const none = await userOn(t, { status: null });
    const prepaid = await userOn(t, { status: null, roles: ['prepaid'] });
    const availability = async (user: SignedIn, slug: string) =>
      ok<{ items: ApiVoice[] }>(await post(t, user, '/api/v2/voices/by-ids', { voice_ids: [id(slug)] })).items[0]!
        .available;
    // ava is public; isabella paid (creator and up); theodore paid on premium plans (power and up).
    expect(await availability(trial, 'ava')).toBe(true);
    expect(await availability(trial, 'isabella')).toBe(false);
    expect(await availability(explorer, 'ava')).toBe(true);
    expect(await availability(explorer, 'isabella')).toBe(false);
    expect(await availability(alice, 'isabella')).toBe(true);
    expect(await availability(alice, 'theodore')).toBe(false);
    expect(await availability(prepaid, 'theodore')).toBe(true);
    // Without a plan nothing can be ordered, though the catalogue can be browsed.
    expect(await availability(none, 'ava')).toBe(false);
    expect(ok<VoicePage>(await get(t, none, '/api/v2/voices')).total).toBe(listed.length);
    const isabella = ok<{ items: ApiVoice[] }>(
      await post(t, alice, '/api/v2/voices/by-ids', { voice_ids: [id('isabella')] }),
    ).items[0]!;
    expect(isabella.tiers).toEqual(['creator', 'power', 'custom', 'per_minute']);
    expect(isabella.cost_multiplier).toBe(1.5);
  });

  it('lists kids voices for everyone but makes them available only to the kids-voices group', async () => {
    const granted = await userOn(t, { status: 'active', category: 'creator', groups: ['kids-voices'] });
    const kidsOf = async (user: SignedIn) => allVoices(t, user, 'visibility=kids');
    const forAlice = await kidsOf(alice);
    expect(forAlice.length).toBe(VOICES.filter((v) => v.visibility === 'kids').length);
    expect(forAlice.every((v) => !v.available && v.age_group === 'child')).toBe(true);
    expect(forAlice[0]!.contact_url).toMatch(/^mailto:/);
    expect((await kidsOf(granted)).every((v) => v.available)).toBe(true);
  });

  it('shows enterprise voices only to the Custom plan, prepaid accounts, admins and the enterprise-voices group', async () => {
    const enterprise = VOICES.filter((v) => v.visibility === 'enterprise' && v.active !== false);
    const custom = await userOn(t, { status: 'active', category: 'custom' });
    const grouped = await userOn(t, { status: 'active', category: 'creator', groups: ['enterprise-voices'] });
    const admin = await userOn(t, { status: null, roles: ['admin'] });
    for (const user of [custom, grouped, admin]) {
      const found = await allVoices(t, user, 'visibility=enterprise');
      expect(found.map((v) => v.id)).toEqual(enterprise.map((v) => id(v.slug)));
      expect(found.every((v) => v.available)).toBe(true);
    }
    expect(ok<VoicePage>(await get(t, alice, '/api/v2/voices?visibility=enterprise'))).toMatchObject({ total: 0 });
    const atlas = id('atlas');
    expect(
      ok<{ items: ApiVoice[] }>(await post(t, alice, '/api/v2/voices/by-ids', { voice_ids: [atlas] })).items,
    ).toEqual([]);
    expect((await get(t, alice, `/api/v2/voices/${atlas}/private-check`)).statusCode).toBe(404);
    expect(ok(await get(t, custom, `/api/v2/voices/${atlas}/private-check`))).toEqual({
      voice_id: atlas,
      private: false,
      owned: false,
    });
  });
});
