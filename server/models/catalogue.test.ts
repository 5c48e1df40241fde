import { describe, expect, it } from 'vitest';
import { callerFrom, modelUsable, voiceAvailable } from './access.ts';
import { voiceArt } from './artwork.ts';
import { PLAN_CATEGORIES, pitchGroupOf, pitchOf, stableId, type VoiceDef } from './catalogue.ts';
import {
  DEMO_SETS,
  MODELS,
  NARRATION_STYLE_TAG_GROUPS,
  NARRATION_STYLES,
  PRIVATE_VOICES,
  TTS_LANGUAGES,
  TTS_VOICES,
  VOICES,
} from './catalogue-data.ts';
import { ACCENT_INFOS } from './reference-data.ts';
import { checkCataloguePresets } from './seed.ts';
import { parseVoicePreset } from '../audio/engine/presets.ts';

const ALL: VoiceDef[] = [...VOICES, ...PRIVATE_VOICES];
const kinds = <K extends keyof VoiceDef>(key: K) => new Set(ALL.map((v) => v[key]));

describe('the voice catalogue', () => {
  it('has at least 40 voices spanning every visibility, species, gender, age and pitch group', () => {
    expect(VOICES.length).toBeGreaterThanOrEqual(40);
    expect(kinds('visibility')).toEqual(new Set(['public', 'paid', 'private', 'kids', 'enterprise']));
    expect(kinds('species')).toEqual(new Set(['human', 'creature', 'robot', 'cartoon']));
    expect(kinds('gender')).toEqual(new Set(['male', 'female', 'neutral']));
    expect(kinds('age')).toEqual(new Set(['child', 'young', 'adult', 'senior']));
    expect(new Set(ALL.map((v) => pitchGroupOf(pitchOf(v.preset.pitch_offset_semitones))))).toEqual(
      new Set(['low', 'medium', 'high']),
    );
    expect(kinds('nationality').size).toBeGreaterThanOrEqual(9);
    expect(VOICES.filter((v) => v.talent).length).toBeGreaterThanOrEqual(4);
    expect(VOICES.filter((v) => v.active === false)).toHaveLength(1);
    expect(new Set(ALL.map((v) => v.slug)).size).toBe(ALL.length);
    expect(new Set(VOICES.map((v) => v.added)).size).toBe(VOICES.length);
  });

  it('gives every voice accents of the accent countries and narration styles that exist, BASIC aside', () => {
    const locales = new Set<string>(ACCENT_INFOS.map((a) => a.locale));
    const styles = new Set(NARRATION_STYLES.map((s) => s.id));
    const used = new Set<string>();
    for (const voice of ALL) {
      expect(voice.accents.length, voice.slug).toBeGreaterThan(0);
      expect(new Set(voice.accents).size, voice.slug).toBe(voice.accents.length);
      for (const locale of voice.accents) {
        expect(locales.has(locale), `${voice.slug} ${locale}`).toBe(true);
        used.add(locale);
      }
      expect(voice.styles).not.toContain('BASIC');
      expect(
        voice.styles.every((s) => styles.has(s)),
        voice.slug,
      ).toBe(true);
    }
    expect(used).toEqual(locales);
    expect(NARRATION_STYLES[0]).toMatchObject({ id: 'BASIC', tags: [] });
  });

  it('makes each preset consistent with the voice: pitch offset, formant scale and pitch', () => {
    for (const voice of ALL) {
      const { pitch_offset_semitones: offset, formant_scale: formant, timbre } = voice.preset;
      const pitch = pitchOf(offset);
      expect(offset, voice.slug).toBeGreaterThanOrEqual(-7);
      expect(offset, voice.slug).toBeLessThanOrEqual(9);
      expect(formant, voice.slug).toBeGreaterThanOrEqual(0.8);
      expect(formant, voice.slug).toBeLessThanOrEqual(1.3);
      expect(timbre.eq.length, voice.slug).toBeGreaterThan(0);
      expect(timbre.brightness).toBeGreaterThanOrEqual(0);
      expect(timbre.breathiness).toBeLessThanOrEqual(1);
      // The pitch (to 0.1 Hz) reads back the offset: 12·log2(pitch / 140 Hz).
      expect(12 * Math.log2(pitch / 140), voice.slug).toBeCloseTo(offset, 1);
      if (voice.species !== 'human') continue;
      if (voice.age === 'child') {
        expect(offset, voice.slug).toBeGreaterThanOrEqual(7);
        expect(formant, voice.slug).toBeGreaterThanOrEqual(1.18);
      } else if (voice.gender === 'male') {
        expect(offset, voice.slug).toBeLessThanOrEqual(-1);
        expect(formant, voice.slug).toBeLessThan(1);
      } else if (voice.gender === 'female') {
        expect(offset, voice.slug).toBeGreaterThanOrEqual(2);
        expect(formant, voice.slug).toBeGreaterThan(1);
      }
      if (voice.age === 'senior' && voice.gender === 'male') expect(offset).toBeLessThanOrEqual(-5);
    }
    // Voices of one archetype still differ: no two share a whole preset.
    const presets = ALL.map((v) => JSON.stringify(v.preset));
    expect(new Set(presets).size).toBe(presets.length);
  });

  it('writes only presets the engine reads, and a start with one it cannot read stops naming the voice', () => {
    expect(() => checkCataloguePresets()).not.toThrow();
    const ava = VOICES.find((v) => v.slug === 'ava')!;
    const { brightness: _dropped, ...rest } = ava.preset.timbre;
    expect(() => parseVoicePreset({ ...ava.preset, timbre: { ...rest, brightness_db: 3 } }, 'voice Ava (ava)')).toThrow(
      /voice Ava \(ava\): timbre.brightness is missing/,
    );
  });

  it('derives pitch groups at 125 and 185 Hz', () => {
    expect(pitchGroupOf(pitchOf(-3))).toBe('low');
    expect(pitchGroupOf(124.9)).toBe('low');
    expect(pitchGroupOf(125)).toBe('medium');
    expect(pitchGroupOf(185)).toBe('medium');
    expect(pitchGroupOf(185.1)).toBe('high');
    expect(pitchOf(0)).toBe(140);
    expect(pitchOf(12)).toBe(280);
  });

  it('tags narration styles with tags of the groups, and every group is used', () => {
    const tags = new Map<string, string>(NARRATION_STYLE_TAG_GROUPS.flatMap((g) => g.tags.map((t) => [t.id, g.id])));
    expect(tags.size).toBe(NARRATION_STYLE_TAG_GROUPS.reduce((n, g) => n + g.tags.length, 0));
    const groupsUsed = new Set(NARRATION_STYLES.flatMap((s) => s.tags.map((t) => tags.get(t))));
    expect(groupsUsed).toEqual(new Set(NARRATION_STYLE_TAG_GROUPS.map((g) => g.id)));
  });

  it('gives each model parameter a default within its bounds and options', () => {
    for (const model of MODELS) {
      for (const [name, param] of Object.entries(model.params)) {
        const where = `${model.key}.${name}`;
        if (param.type === 'number' || param.type === 'integer') {
          expect(typeof param.default, where).toBe('number');
          expect(param.default as number, where).toBeGreaterThanOrEqual(param.min!);
          expect(param.default as number, where).toBeLessThanOrEqual(param.max!);
        }
        if (param.type === 'boolean') expect(typeof param.default, where).toBe('boolean');
        if (param.options) expect(param.options, where).toContain(param.default);
      }
    }
  });

  it('maps TTS voices to eSpeak-NG voices with a gender variant, and to catalogue voices that exist', () => {
    const slugs = new Set(VOICES.map((v) => v.slug));
    expect(TTS_VOICES.length).toBeGreaterThanOrEqual(40);
    for (const voice of TTS_VOICES) {
      expect(voice.engineVoice, voice.id).toMatch(
        voice.gender === 'female' ? /^[a-z0-9-]+\+f\d$/ : /^[a-z0-9-]+\+m\d$/,
      );
      expect(TTS_LANGUAGES[voice.language], voice.id).toBeDefined();
      if (voice.voice) {
        expect(slugs.has(voice.voice), voice.id).toBe(true);
        const target = VOICES.find((v) => v.slug === voice.voice)!;
        expect(target.gender).toBe(voice.gender);
        expect(target.accents).toContain(voice.locale);
      }
    }
    expect(TTS_VOICES.find((v) => v.id === 'en-GB-female')!.engineVoice).toBe('en-gb-x-rp+f3');
  });

  it('has demo sets in every accent language, each spoken by a public voice with that language', () => {
    const languages = new Set<string>(ACCENT_INFOS.map((a) => a.language));
    expect(new Set(DEMO_SETS.map((d) => d.language))).toEqual(languages);
    for (const demo of DEMO_SETS) {
      const voice = VOICES.find((v) => v.slug === demo.voice)!;
      expect(voice.visibility, demo.title).toBe('public');
      expect(
        voice.accents.some((l) => l.startsWith(`${demo.language}-`)),
        demo.title,
      ).toBe(true);
    }
  });

  it('makes stable version-5 ids', () => {
    expect(stableId('voice:ava')).toBe(stableId('voice:ava'));
    expect(stableId('voice:ava')).not.toBe(stableId('voice:marcus'));
    expect(stableId('voice:ava')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('draws artwork that depends on the voice and nothing else', () => {
    const subject = (v: VoiceDef) => ({
      slug: v.slug,
      species: v.species,
      gender: v.gender,
      ageGroup: v.age,
      pitch: pitchOf(v.preset.pitch_offset_semitones),
      preset: v.preset,
    });
    const images = VOICES.map((v) => voiceArt(subject(v), 'image'));
    expect(new Set(images).size).toBe(images.length);
    expect(voiceArt(subject(VOICES[0]!), 'image')).toBe(images[0]);
    for (const svg of images) expect(svg).not.toMatch(/NaN|undefined/);
  });

  it('draws a voice print shaped by the voice, not a recoloured face', () => {
    const voice = VOICES[0]!;
    const subject = { slug: voice.slug, species: 'human' as const, gender: voice.gender, ageGroup: 'adult' as const };
    const shapes = (svg: string) => [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]).join('|');
    const at = (over: Partial<Parameters<typeof voiceArt>[0]>) =>
      shapes(voiceArt({ ...subject, pitch: 120, preset: voice.preset, ...over }, 'thumbnail'));
    // The colours come from the slug; the shape from the pitch, the kind of voice and the age.
    expect(at({ pitch: 240 })).not.toBe(at({ pitch: 100 }));
    expect(at({ species: 'robot' })).not.toBe(at({ species: 'human' }));
    expect(at({ ageGroup: 'child' })).not.toBe(at({ ageGroup: 'adult' }));
    expect(at({ gender: 'female' })).toBe(at({ gender: 'male' }));
    // No eyes, skin or hair: ellipses drew the faces.
    for (const v of VOICES)
      expect(voiceArt({ ...subject, species: v.species, pitch: 150, preset: v.preset }, 'image')).not.toMatch(
        /<ellipse/,
      );
  });
});

describe('access rules', () => {
  const caller = (over: Partial<Parameters<typeof callerFrom>[0]> = {}) =>
    callerFrom({ userId: 'u1', roles: ['user'], status: 'active', category: 'creator', groups: [], ...over });
  const voice = (visibility: VoiceDef['visibility'], over: Partial<Parameters<typeof voiceAvailable>[1]> = {}) => ({
    visibility,
    ownerId: null,
    tiers: ['creator', 'power'],
    active: true,
    ...over,
  });

  it('needs access for anything: a subscription active or trialing, or the admin or prepaid role', () => {
    expect(caller({ status: null }).access).toBe(false);
    expect(caller({ status: 'incomplete' }).access).toBe(false);
    expect(caller({ status: 'trialing' }).access).toBe(true);
    expect(caller({ status: null, roles: ['prepaid'] }).access).toBe(true);
    expect(voiceAvailable(caller({ status: 'unpaid' }), voice('public', { tiers: [...PLAN_CATEGORIES] }))).toBe(false);
  });

  it('makes paid voices available by tier on paid plans, never on the trial', () => {
    expect(voiceAvailable(caller(), voice('paid'))).toBe(true);
    expect(voiceAvailable(caller({ category: 'explorer' }), voice('paid'))).toBe(false);
    expect(voiceAvailable(caller({ status: 'trialing', category: null }), voice('paid'))).toBe(false);
    expect(voiceAvailable(caller({ status: null, roles: ['prepaid'], category: null }), voice('paid'))).toBe(true);
    expect(voiceAvailable(caller({ roles: ['admin'], category: 'explorer' }), voice('paid'))).toBe(true);
    expect(voiceAvailable(caller(), voice('paid', { active: false }))).toBe(false);
  });

  it('keeps Pay As You Go credits to public voices (SPEC.md section 6), and flags Per Minute as metered', () => {
    const credits = caller({ category: 'pay_as_you_go' });
    expect(credits.perCredit).toBe(true);
    expect(voiceAvailable(credits, voice('public', { tiers: [...PLAN_CATEGORIES] }))).toBe(true);
    expect(voiceAvailable(credits, voice('paid', { tiers: [...PLAN_CATEGORIES] }))).toBe(false);
    expect(caller({ category: 'pay_as_you_go', roles: ['prepaid'] }).perCredit).toBe(false);
    expect(caller({ category: 'pay_as_you_go', status: null }).perCredit).toBe(false);
    expect(caller({ category: 'per_minute' }).metered).toBe(true);
    expect(caller({ category: 'per_minute', status: 'unpaid' }).metered).toBe(false);
    expect(caller().perCredit || caller().metered).toBe(false);
  });

  it('keeps private voices to their owner, admins included', () => {
    expect(voiceAvailable(caller(), voice('private', { ownerId: 'u1' }))).toBe(true);
    expect(voiceAvailable(caller(), voice('private', { ownerId: 'u2' }))).toBe(false);
    expect(voiceAvailable(caller({ roles: ['admin'] }), voice('private', { ownerId: 'u2' }))).toBe(false);
  });

  it('grants kids and enterprise voices through groups, plans and roles', () => {
    expect(voiceAvailable(caller(), voice('kids'))).toBe(false);
    expect(voiceAvailable(caller({ groups: ['kids-voices'] }), voice('kids'))).toBe(true);
    expect(caller().enterprise).toBe(false);
    expect(caller({ category: 'custom' }).enterprise).toBe(true);
    expect(caller({ groups: ['enterprise-voices'] }).enterprise).toBe(true);
    expect(caller({ roles: ['prepaid'] }).enterprise).toBe(true);
  });

  it('keeps STS models from the TTS Only plan and paid models from the trial', () => {
    const sts = { ownerId: null, kind: 'sts' as const, requires: 'access' as const };
    const long = { ...sts, requires: 'paid' as const };
    const tts = { ownerId: null, kind: 'tts' as const, requires: 'access' as const };
    expect(modelUsable(caller({ category: 'tts_only' }), sts)).toBe(false);
    expect(modelUsable(caller({ category: 'tts_only' }), tts)).toBe(true);
    expect(modelUsable(caller({ status: 'trialing' }), long)).toBe(false);
    expect(modelUsable(caller({ status: 'trialing' }), sts)).toBe(true);
    expect(modelUsable(caller(), { ...sts, ownerId: 'u2' })).toBe(false);
    expect(modelUsable(caller(), { ...sts, ownerId: 'u1' })).toBe(true);
  });
});
