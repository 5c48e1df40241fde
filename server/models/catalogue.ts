import { createHash } from 'node:crypto';
import type { components } from '../../openapi/generated/models.js';
import type { AccentLocale } from './reference-data.ts';

/**
 * The voice catalogue every start makes sure of (seed.ts writes it): narration styles and their tags,
 * the marketplace voices and voice talents with their engine presets, the conversion models, the TTS
 * voices of the synthesiser and the demo sets. Plain data and the rules that derive from it (pitch from
 * the preset's offset, pitch group from pitch, tiers from visibility), so it can be checked without a
 * database (catalogue.test.ts).
 */

type Schemas = components['schemas'];
export type Visibility = Schemas['VoiceVisibility'];
export type Species = Schemas['VoiceSpecies'];
export type Gender = Schemas['VoiceGender'];
export type AgeGroup = Schemas['VoiceAgeGroup'];
export type PitchGroup = Schemas['VoicePitchGroup'];
export type PlanCategory = Schemas['PlanCategory'];

export const PLAN_CATEGORIES: readonly PlanCategory[] = [
  'explorer',
  'creator',
  'power',
  'tts_only',
  'custom',
  'per_minute',
  'pay_as_you_go',
];

// ─────────────────────────────────────────── engine presets ───────────────────────────────────────────

/** One peaking EQ band of a voice's spectral colouring. */
export type EqBand = { hz: number; gain_db: number; q: number };

/**
 * voices.engine_preset.timbre: the spectral colouring the engine applies after the pitch and formant
 * shift. tilt_db_per_octave tips the spectrum (negative = darker); brightness 0..1 weights the presence
 * region (2–6 kHz); breathiness 0..1 mixes aspiration noise shaped by the voice's envelope; eq is a list
 * of peaking bands. roughness 0..1 (creatures: jitter/shimmer, growl) and ring_mod_hz (robots: a ring
 * modulator's carrier) are the character voices' extras; absent means none.
 */
export type VoiceTimbre = {
  tilt_db_per_octave: number;
  brightness: number;
  breathiness: number;
  eq: EqBand[];
  roughness?: number;
  ring_mod_hz?: number;
};

/** voices.engine_preset as the catalogue writes it (server/db/schema.ts EnginePreset, every field set). */
export type VoicePreset = {
  pitch_offset_semitones: number;
  formant_scale: number;
  timbre: VoiceTimbre;
};

/**
 * The speaker a preset's offset is measured from: a voice's median pitch is this shifted by its
 * pitch_offset_semitones (the pitch an average speaker at 140 Hz — between typical male and female
 * speech — comes out at). The pitch sort and the suggested pitch shift read that median.
 */
export const REFERENCE_F0_HZ = 140;

/** The voice's median pitch in Hz for its preset's offset, to 0.1 Hz. */
export const pitchOf = (offsetSemitones: number) => Math.round(REFERENCE_F0_HZ * 2 ** (offsetSemitones / 12) * 10) / 10;

/** Low below 125 Hz, high above 185 Hz (roughly bass–baritone, tenor–alto, soprano–child). */
export function pitchGroupOf(pitchHz: number): PitchGroup {
  if (pitchHz < 125) return 'low';
  if (pitchHz > 185) return 'high';
  return 'medium';
}

const timbre = (
  tilt: number,
  brightness: number,
  breathiness: number,
  eq: [hz: number, gainDb: number, q: number][],
  extra: Pick<VoiceTimbre, 'roughness' | 'ring_mod_hz'> = {},
): VoiceTimbre => ({
  tilt_db_per_octave: tilt,
  brightness,
  breathiness,
  eq: eq.map(([hz, gain_db, q]) => ({ hz, gain_db, q })),
  ...extra,
});

// ─────────────────────────────────────────── narration styles ───────────────────────────────────────────

export const DEFAULT_NARRATION_STYLE = 'BASIC';

export const NARRATION_STYLE_TAG_GROUPS = [
  {
    id: 'mood',
    name: 'Mood',
    tags: [
      { id: 'calm', name: 'Calm' },
      { id: 'warm', name: 'Warm' },
      { id: 'cheerful', name: 'Cheerful' },
      { id: 'serious', name: 'Serious' },
      { id: 'dramatic', name: 'Dramatic' },
      { id: 'playful', name: 'Playful' },
    ],
  },
  {
    id: 'use-case',
    name: 'Use case',
    tags: [
      { id: 'audiobook', name: 'Audiobook' },
      { id: 'podcast', name: 'Podcast' },
      { id: 'advertising', name: 'Advertising' },
      { id: 'news', name: 'News' },
      { id: 'e-learning', name: 'E-learning' },
      { id: 'gaming', name: 'Gaming' },
      { id: 'meditation', name: 'Meditation' },
      { id: 'animation', name: 'Animation' },
    ],
  },
  {
    id: 'delivery',
    name: 'Delivery',
    tags: [
      { id: 'conversational', name: 'Conversational' },
      { id: 'authoritative', name: 'Authoritative' },
      { id: 'projected', name: 'Projected' },
      { id: 'whispered', name: 'Whispered' },
      { id: 'fast-paced', name: 'Fast-paced' },
      { id: 'slow-paced', name: 'Slow-paced' },
    ],
  },
] as const;

export type NarrationStyleTagId = (typeof NARRATION_STYLE_TAG_GROUPS)[number]['tags'][number]['id'];

/**
 * Prosody the engine applies for a style: rate (speaking speed for TTS, 1 = the synthesiser's own),
 * pitch_range (intonation spread around the median), energy (dynamics and level), breathiness (added to
 * the voice's own) and pause_scale (pauses between phrases, TTS).
 */
export type StylePreset = {
  rate: number;
  pitch_range: number;
  energy: number;
  breathiness: number;
  pause_scale: number;
};

interface NarrationStyleDef {
  id: string;
  name: string;
  description: string;
  tags: NarrationStyleTagId[];
  preset: StylePreset;
}

const style = (
  id: string,
  name: string,
  description: string,
  tags: NarrationStyleTagId[],
  [rate, pitch_range, energy, breathiness, pause_scale]: [number, number, number, number, number],
): NarrationStyleDef => ({
  id,
  name,
  description,
  tags,
  preset: { rate, pitch_range, energy, breathiness, pause_scale },
});

/** BASIC is every voice's default and the only style for non-English TTS; it carries no tags. */
export const NARRATION_STYLES: NarrationStyleDef[] = [
  style('BASIC', 'Basic', 'The voice as it is, with neutral delivery.', [], [1, 1, 1, 0, 1]),
  style(
    'CONVERSATIONAL',
    'Conversational',
    'Relaxed, close and natural, as if talking to one person.',
    ['warm', 'podcast', 'e-learning', 'conversational'],
    [1.04, 1.1, 0.95, 0.05, 0.9],
  ),
  style(
    'NARRATIVE',
    'Narrative',
    'Storytelling with room to breathe and a wider melody.',
    ['warm', 'dramatic', 'audiobook', 'slow-paced'],
    [0.94, 1.25, 1, 0.03, 1.2],
  ),
  style(
    'NEWSCAST',
    'Newscast',
    'Clear, even and confident, for news and announcements.',
    ['serious', 'news', 'authoritative', 'projected'],
    [1.06, 0.9, 1.1, 0, 0.85],
  ),
  style(
    'PROMO',
    'Promo',
    'Bright and upbeat, for advertising and trailers.',
    ['cheerful', 'advertising', 'projected', 'fast-paced'],
    [1.1, 1.3, 1.2, 0, 0.8],
  ),
  style(
    'CALM',
    'Calm',
    'Soft, slow and even, for meditation and wind-down content.',
    ['calm', 'meditation', 'slow-paced'],
    [0.86, 0.75, 0.8, 0.12, 1.4],
  ),
  style(
    'ENERGETIC',
    'Energetic',
    'Fast and lively, for gaming and sports.',
    ['cheerful', 'gaming', 'fast-paced', 'projected'],
    [1.15, 1.35, 1.25, 0, 0.75],
  ),
  style(
    'WHISPER',
    'Whisper',
    'Close, breathy and quiet.',
    ['calm', 'meditation', 'whispered'],
    [0.92, 0.6, 0.45, 0.6, 1.2],
  ),
  style(
    'DOCUMENTARY',
    'Documentary',
    'Measured and authoritative, for explainers and documentaries.',
    ['serious', 'e-learning', 'authoritative'],
    [0.97, 1.05, 1.05, 0.02, 1.1],
  ),
  style(
    'CHARACTER',
    'Character',
    'Exaggerated melody and energy, for animation and games.',
    ['playful', 'animation', 'gaming'],
    [1.05, 1.5, 1.2, 0.05, 0.95],
  ),
  style(
    'CHEERFUL',
    'Cheerful',
    'Smiling and friendly.',
    ['cheerful', 'playful', 'animation', 'conversational'],
    [1.06, 1.3, 1.1, 0.02, 0.9],
  ),
];

export type NarrationStyleId =
  | 'BASIC'
  | 'CONVERSATIONAL'
  | 'NARRATIVE'
  | 'NEWSCAST'
  | 'PROMO'
  | 'CALM'
  | 'ENERGETIC'
  | 'WHISPER'
  | 'DOCUMENTARY'
  | 'CHARACTER'
  | 'CHEERFUL';

// ─────────────────────────────────────────── voices ───────────────────────────────────────────

/** One voice of the catalogue as written here; seed.ts turns it into voices rows and their relations. */
export interface VoiceDef {
  slug: string;
  name: string;
  visibility: Visibility;
  species: Species;
  gender: Gender;
  age: AgeGroup;
  nationality: string | null;
  /** A custom voice of a named performer (the /voice-talents page) rather than a marketplace voice. */
  talent?: boolean;
  category: string;
  description: string;
  /** The first is the voice's default accent. */
  accents: AccentLocale[];
  /** Styles besides BASIC, which every voice has as its default. */
  styles: Exclude<NarrationStyleId, 'BASIC'>[];
  preset: VoicePreset;
  /** Factor on the seconds a conversion into the voice costs; default from the visibility. */
  cost?: number;
  /** Plan categories that include the voice; default from the visibility. */
  tiers?: PlanCategory[];
  /** When the voice joined the catalogue (created_at, the "newest" sort). */
  added: string;
  /** false for a retired voice: readable for old conversions, no longer listed or orderable. */
  active?: boolean;
}

const ALL_PLANS = [...PLAN_CATEGORIES];
// Pay As You Go credits include public voices only (SPEC.md section 6's per-credit restrictions).
const PAID_PLANS: PlanCategory[] = ['creator', 'power', 'custom', 'per_minute'];
const PREMIUM_PLANS: PlanCategory[] = ['power', 'custom'];

/** What a voice's visibility implies when the definition does not say otherwise. */
export function defaultTiers(visibility: Visibility): PlanCategory[] {
  switch (visibility) {
    case 'public':
      return ALL_PLANS;
    case 'paid':
      return PAID_PLANS;
    case 'kids':
      return ['creator', 'power', 'custom'];
    case 'enterprise':
      return ['custom'];
    case 'private':
      return [];
  }
}

export function defaultCost(def: Pick<VoiceDef, 'visibility' | 'talent'>): number {
  if (def.talent) return 3;
  switch (def.visibility) {
    case 'paid':
      return 1.5;
    case 'enterprise':
      return 2.5;
    case 'kids':
      return 1.25;
    default:
      return 1;
  }
}

const p = (offset: number, formant: number, t: VoiceTimbre): VoicePreset => ({
  pitch_offset_semitones: offset,
  formant_scale: formant,
  timbre: t,
});

// Timbres by archetype, adjusted per voice below. Chest resonance sits around 100–200 Hz, nasality
// around 1 kHz, presence 2.5–4 kHz, air above 8 kHz.
const maleWarm = (chest = 3, air = 1) =>
  timbre(-1.5, 0.4, 0.1, [
    [140, chest, 0.8],
    [3200, 1.5, 1.2],
    [9000, air, 0.7],
  ]);
const maleBright = (presence = 3) =>
  timbre(-0.8, 0.6, 0.08, [
    [180, 1.5, 0.9],
    [3000, presence, 1.1],
    [7500, 1.5, 0.8],
  ]);
const femaleClear = (presence = 2.5, air = 2) =>
  timbre(-1, 0.6, 0.18, [
    [250, -1, 0.9],
    [3500, presence, 1.2],
    [10000, air, 0.7],
  ]);
const femaleWarm = (body = 2) =>
  timbre(-1.8, 0.45, 0.22, [
    [300, body, 0.8],
    [2800, 1.5, 1],
    [9000, 1, 0.7],
  ]);
const seniorTimbre = (body: number) =>
  timbre(
    -2.4,
    0.35,
    0.28,
    [
      [200, body, 0.7],
      [1200, -1.5, 1.4],
      [4500, -1, 1],
    ],
    { roughness: 0.15 },
  );
const childTimbre = (bright = 0.75) =>
  timbre(-0.4, bright, 0.15, [
    [400, -2, 0.9],
    [4000, 3, 1.2],
    [11000, 2, 0.7],
  ]);
const neutralTimbre = (tilt = -1.2) =>
  timbre(tilt, 0.5, 0.15, [
    [220, 1, 0.9],
    [3200, 2, 1.1],
    [9500, 1, 0.7],
  ]);

/** The catalogue, in its curated ("default" sort) order. */
export const VOICES: VoiceDef[] = [
  {
    slug: 'ava',
    name: 'Ava',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'American',
    category: 'conversational',
    description: 'A friendly, clear American voice for explainers, podcasts and product videos.',
    accents: ['en-US', 'en-GB'],
    styles: ['CONVERSATIONAL', 'PROMO', 'NARRATIVE'],
    preset: p(5, 1.1, femaleClear()),
    added: '2024-02-05',
  },
  {
    slug: 'marcus',
    name: 'Marcus',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'American',
    category: 'narration',
    description: 'A warm baritone for audiobooks and documentaries.',
    accents: ['en-US'],
    styles: ['NARRATIVE', 'DOCUMENTARY', 'NEWSCAST'],
    preset: p(-3, 0.94, maleWarm(3.5)),
    added: '2024-01-15',
  },
  {
    slug: 'priya',
    name: 'Priya',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'young',
    nationality: 'Indian',
    category: 'conversational',
    description: 'Bright and energetic, with a light Indian English accent.',
    accents: ['en-IN', 'en-GB'],
    styles: ['CONVERSATIONAL', 'CHEERFUL'],
    preset: p(6, 1.12, femaleClear(3, 2.5)),
    added: '2024-06-20',
  },
  {
    slug: 'arthur',
    name: 'Arthur',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'senior',
    nationality: 'British',
    category: 'narration',
    description: 'A seasoned British storyteller with a gentle grain.',
    accents: ['en-GB', 'en-US'],
    styles: ['DOCUMENTARY', 'NARRATIVE', 'CALM'],
    preset: p(-5, 0.9, seniorTimbre(3)),
    added: '2024-03-02',
  },
  {
    slug: 'mei',
    name: 'Mei',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'young',
    nationality: 'Chinese',
    category: 'conversational',
    description: 'Soft and precise Mandarin, also at ease in English.',
    accents: ['zh-CN', 'en-US'],
    styles: ['CONVERSATIONAL', 'CALM'],
    preset: p(7, 1.14, femaleClear(2, 3)),
    added: '2024-07-11',
  },
  {
    slug: 'klaus',
    name: 'Klaus',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'German',
    category: 'news',
    description: 'A crisp German newsreader.',
    accents: ['de-DE', 'en-US'],
    styles: ['NEWSCAST', 'DOCUMENTARY'],
    preset: p(-4, 0.91, maleBright(2.5)),
    added: '2024-04-18',
  },
  {
    slug: 'camille',
    name: 'Camille',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'French',
    category: 'narration',
    description: 'An intimate French voice, lovely in a whisper.',
    accents: ['fr-FR', 'en-GB'],
    styles: ['WHISPER', 'NARRATIVE', 'CALM'],
    preset: p(5, 1.09, femaleWarm(2.5)),
    added: '2024-05-09',
  },
  {
    slug: 'sam',
    name: 'Sam',
    visibility: 'public',
    species: 'human',
    gender: 'neutral',
    age: 'adult',
    nationality: 'American',
    category: 'assistant',
    description: 'An androgynous, even voice for assistants and tutorials.',
    accents: ['en-US', 'en-GB'],
    styles: ['CONVERSATIONAL', 'NARRATIVE'],
    preset: p(1, 1.02, neutralTimbre()),
    added: '2024-08-01',
  },
  {
    slug: 'eleanor',
    name: 'Eleanor',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'senior',
    nationality: 'British',
    category: 'narration',
    description: 'A grandmotherly British voice for bedtime stories.',
    accents: ['en-GB'],
    styles: ['NARRATIVE', 'CALM'],
    preset: p(3, 1.04, seniorTimbre(1.5)),
    added: '2024-02-28',
  },
  {
    slug: 'arjun',
    name: 'Arjun',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'Indian',
    category: 'news',
    description: 'A confident Indian English presenter.',
    accents: ['en-IN', 'en-US'],
    styles: ['NEWSCAST', 'CONVERSATIONAL'],
    preset: p(-2, 0.95, maleBright(3)),
    added: '2024-09-03',
  },
  {
    slug: 'lucia',
    name: 'Lucía',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'Spanish',
    category: 'commercial',
    description: 'A sunny Castilian voice for adverts.',
    accents: ['es-ES', 'en-US'],
    styles: ['PROMO', 'CONVERSATIONAL'],
    preset: p(5, 1.09, femaleClear(3.5, 1.5)),
    added: '2024-05-27',
  },
  {
    slug: 'wei',
    name: 'Wei',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'Chinese',
    category: 'news',
    description: 'A steady Mandarin announcer.',
    accents: ['zh-CN'],
    styles: ['NEWSCAST'],
    preset: p(-3, 0.93, maleBright(2)),
    added: '2024-07-30',
  },
  {
    slug: 'elif',
    name: 'Elif',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'Turkish',
    category: 'narration',
    description: 'A calm Turkish narrator.',
    accents: ['tr-TR', 'en-GB'],
    styles: ['CALM', 'NARRATIVE'],
    preset: p(4, 1.08, femaleWarm(1.5)),
    added: '2024-10-14',
  },
  {
    slug: 'emre',
    name: 'Emre',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'Turkish',
    category: 'documentary',
    description: 'A deep Turkish documentary voice.',
    accents: ['tr-TR'],
    styles: ['DOCUMENTARY'],
    preset: p(-4, 0.92, maleWarm(4, 0.5)),
    added: '2024-10-21',
  },
  {
    slug: 'oksana',
    name: 'Oksana',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'Ukrainian',
    category: 'narration',
    description: 'A rich Ukrainian storyteller.',
    accents: ['uk-UA', 'en-GB'],
    styles: ['NARRATIVE'],
    preset: p(4, 1.1, femaleWarm(2)),
    added: '2024-11-05',
  },
  {
    slug: 'taras',
    name: 'Taras',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'senior',
    nationality: 'Ukrainian',
    category: 'documentary',
    description: 'A weathered, unhurried Ukrainian voice.',
    accents: ['uk-UA'],
    styles: ['CALM', 'DOCUMENTARY'],
    preset: p(-6, 0.88, seniorTimbre(3.5)),
    added: '2024-11-12',
  },
  {
    slug: 'lena',
    name: 'Lena',
    visibility: 'public',
    species: 'human',
    gender: 'female',
    age: 'young',
    nationality: 'German',
    category: 'commercial',
    description: 'A lively young German voice for social video.',
    accents: ['de-DE', 'en-GB'],
    styles: ['CONVERSATIONAL', 'PROMO'],
    preset: p(6, 1.11, femaleClear(3, 2)),
    added: '2025-01-08',
  },
  {
    slug: 'mateo',
    name: 'Mateo',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'young',
    nationality: 'Spanish',
    category: 'gaming',
    description: 'A quick-witted young Spanish voice for streams and games.',
    accents: ['es-ES'],
    styles: ['ENERGETIC', 'CONVERSATIONAL'],
    preset: p(-1, 0.97, maleBright(3.5)),
    added: '2025-01-20',
  },
  {
    slug: 'julien',
    name: 'Julien',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'young',
    nationality: 'French',
    category: 'conversational',
    description: 'A relaxed Parisian voice.',
    accents: ['fr-FR'],
    styles: ['CONVERSATIONAL'],
    preset: p(-1, 0.98, maleWarm(2, 1.5)),
    added: '2025-02-03',
  },
  {
    slug: 'jordan',
    name: 'Jordan',
    visibility: 'public',
    species: 'human',
    gender: 'neutral',
    age: 'young',
    nationality: 'British',
    category: 'gaming',
    description: 'An upbeat, gender-neutral British voice.',
    accents: ['en-GB'],
    styles: ['ENERGETIC'],
    preset: p(2, 1.03, neutralTimbre(-0.9)),
    added: '2025-02-17',
  },
  // Characters.
  {
    slug: 'grumbold',
    name: 'Grumbold the Troll',
    visibility: 'public',
    species: 'creature',
    gender: 'male',
    age: 'adult',
    nationality: null,
    category: 'character',
    description: 'A gravelly bridge troll: huge, slow and grumpy.',
    accents: ['en-US', 'en-GB'],
    styles: ['CHARACTER'],
    preset: p(
      -7,
      0.8,
      timbre(
        -3,
        0.25,
        0.2,
        [
          [90, 5, 0.7],
          [700, 2, 1.5],
          [3500, -3, 1],
        ],
        { roughness: 0.6 },
      ),
    ),
    added: '2024-09-30',
  },
  {
    slug: 'whisperwing',
    name: 'Whisperwing',
    visibility: 'public',
    species: 'creature',
    gender: 'female',
    age: 'young',
    nationality: null,
    category: 'character',
    description: 'A tiny forest sprite with a silvery, airy voice.',
    accents: ['en-GB', 'fr-FR'],
    styles: ['WHISPER', 'CHARACTER'],
    preset: p(
      8,
      1.25,
      timbre(
        0.5,
        0.85,
        0.45,
        [
          [500, -3, 0.8],
          [5000, 4, 1],
          [12000, 4, 0.7],
        ],
        { roughness: 0.05 },
      ),
    ),
    added: '2024-12-02',
  },
  {
    slug: 'unit-7',
    name: 'Unit 7',
    visibility: 'public',
    species: 'robot',
    gender: 'neutral',
    age: 'adult',
    nationality: null,
    category: 'character',
    description: 'A metallic station announcer from the future.',
    accents: ['en-US', 'de-DE', 'fr-FR'],
    styles: ['NEWSCAST', 'CHARACTER'],
    preset: p(
      0,
      1,
      timbre(
        0,
        0.7,
        0,
        [
          [800, 4, 4],
          [1600, 3, 4],
          [3200, 3, 4],
        ],
        { ring_mod_hz: 55 },
      ),
    ),
    added: '2024-08-19',
  },
  {
    slug: 'boltz',
    name: 'Boltz',
    visibility: 'public',
    species: 'robot',
    gender: 'male',
    age: 'young',
    nationality: null,
    category: 'gaming',
    description: 'A hyperactive little robot sidekick.',
    accents: ['en-US'],
    styles: ['ENERGETIC', 'CHARACTER'],
    preset: p(
      3,
      1.06,
      timbre(
        0.3,
        0.8,
        0,
        [
          [1000, 5, 5],
          [2500, 3, 3],
        ],
        { ring_mod_hz: 120 },
      ),
    ),
    added: '2025-03-04',
  },
  {
    slug: 'pip',
    name: 'Pip',
    visibility: 'public',
    species: 'cartoon',
    gender: 'neutral',
    age: 'child',
    nationality: null,
    category: 'animation',
    description: 'A squeaky, bouncy cartoon critter.',
    accents: ['en-US'],
    styles: ['CHARACTER', 'CHEERFUL'],
    preset: p(9, 1.3, childTimbre(0.9)),
    added: '2025-03-18',
  },
  {
    slug: 'captain-quack',
    name: 'Captain Quack',
    visibility: 'public',
    species: 'cartoon',
    gender: 'male',
    age: 'adult',
    nationality: null,
    category: 'animation',
    description: 'A blustering cartoon duck who captains a bathtub.',
    accents: ['en-US', 'es-ES'],
    styles: ['CHARACTER'],
    preset: p(
      6,
      1.2,
      timbre(
        0.8,
        0.75,
        0.05,
        [
          [1100, 6, 2.5],
          [2200, 3, 2],
          [300, -4, 1],
        ],
        { roughness: 0.25 },
      ),
    ),
    added: '2025-04-01',
  },
  // Paid voices.
  {
    slug: 'isabella',
    name: 'Isabella',
    visibility: 'paid',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'American',
    category: 'commercial',
    description: 'A polished, premium commercial voice in English and Spanish.',
    accents: ['en-US', 'es-ES'],
    styles: ['PROMO', 'NARRATIVE', 'CONVERSATIONAL'],
    preset: p(5, 1.08, femaleClear(4, 2.5)),
    added: '2024-04-02',
  },
  {
    slug: 'theodore',
    name: 'Theodore',
    visibility: 'paid',
    species: 'human',
    gender: 'male',
    age: 'senior',
    nationality: 'British',
    category: 'audiobook',
    description: 'A velvet-voiced British audiobook veteran.',
    accents: ['en-GB'],
    styles: ['NARRATIVE', 'DOCUMENTARY', 'CALM'],
    preset: p(-6, 0.87, seniorTimbre(4)),
    tiers: PREMIUM_PLANS,
    cost: 2,
    added: '2024-03-25',
  },
  {
    slug: 'nadia',
    name: 'Nadia',
    visibility: 'paid',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'Ukrainian',
    category: 'news',
    description: 'A trilingual newsreader: Ukrainian, English, German.',
    accents: ['uk-UA', 'en-US', 'de-DE'],
    styles: ['NEWSCAST'],
    preset: p(4, 1.07, femaleClear(3, 1.5)),
    added: '2024-12-16',
  },
  {
    slug: 'rafael',
    name: 'Rafael',
    visibility: 'paid',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'Spanish',
    category: 'commercial',
    description: 'A smooth Spanish baritone for trailers.',
    accents: ['es-ES', 'en-US'],
    styles: ['PROMO', 'NARRATIVE'],
    preset: p(-5, 0.9, maleWarm(4.5, 1)),
    added: '2024-06-03',
  },
  {
    slug: 'sophie',
    name: 'Sophie',
    visibility: 'paid',
    species: 'human',
    gender: 'female',
    age: 'young',
    nationality: 'French',
    category: 'conversational',
    description: 'A breezy French voice, equally at home in English.',
    accents: ['fr-FR', 'en-US', 'en-GB'],
    styles: ['CONVERSATIONAL', 'WHISPER'],
    preset: p(6, 1.12, femaleWarm(1)),
    added: '2025-04-22',
  },
  {
    slug: 'kai',
    name: 'Kai',
    visibility: 'paid',
    species: 'human',
    gender: 'male',
    age: 'young',
    nationality: 'German',
    category: 'gaming',
    description: 'A punchy young German voice for esports.',
    accents: ['de-DE', 'en-GB'],
    styles: ['ENERGETIC', 'PROMO'],
    preset: p(-2, 0.96, maleBright(4)),
    added: '2025-05-06',
  },
  {
    slug: 'ananya',
    name: 'Ananya',
    visibility: 'paid',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'Indian',
    category: 'audiobook',
    description: 'A serene, melodic narrator in Indian and American English.',
    accents: ['en-IN', 'en-US'],
    styles: ['NARRATIVE', 'CALM'],
    preset: p(5, 1.09, femaleWarm(2)),
    added: '2025-02-25',
  },
  {
    slug: 'vortex',
    name: 'Vortex',
    visibility: 'paid',
    species: 'robot',
    gender: 'neutral',
    age: 'adult',
    nationality: null,
    category: 'character',
    description: 'A vast ship computer with a cold, phased voice.',
    accents: ['en-US', 'en-GB', 'de-DE', 'zh-CN'],
    styles: ['NEWSCAST', 'CHARACTER'],
    preset: p(
      -2,
      0.95,
      timbre(
        -0.5,
        0.55,
        0,
        [
          [300, 3, 3],
          [1200, 4, 6],
          [4800, 2, 3],
        ],
        { ring_mod_hz: 30 },
      ),
    ),
    added: '2024-10-01',
  },
  {
    slug: 'drakon',
    name: 'Drakon',
    visibility: 'paid',
    species: 'creature',
    gender: 'male',
    age: 'senior',
    nationality: null,
    category: 'character',
    description: 'An ancient dragon: cavernous, smoky and slow.',
    accents: ['en-GB', 'en-US'],
    styles: ['CHARACTER', 'NARRATIVE'],
    preset: p(
      -7,
      0.8,
      timbre(
        -3.5,
        0.2,
        0.35,
        [
          [70, 6, 0.6],
          [500, 2, 1.2],
          [2500, -4, 1],
        ],
        { roughness: 0.75 },
      ),
    ),
    tiers: PREMIUM_PLANS,
    cost: 2,
    added: '2025-01-29',
  },
  // Kids voices (granted on request: howToRequestKidsVoices).
  {
    slug: 'milo',
    name: 'Milo',
    visibility: 'kids',
    species: 'human',
    gender: 'male',
    age: 'child',
    nationality: 'American',
    category: 'kids',
    description: 'A curious eight-year-old boy.',
    accents: ['en-US'],
    styles: ['CHEERFUL', 'CHARACTER'],
    preset: p(8, 1.24, childTimbre(0.7)),
    added: '2024-08-26',
  },
  {
    slug: 'lily',
    name: 'Lily',
    visibility: 'kids',
    species: 'human',
    gender: 'female',
    age: 'child',
    nationality: 'British',
    category: 'kids',
    description: 'A bright seven-year-old girl who loves stories.',
    accents: ['en-GB'],
    styles: ['CHEERFUL', 'NARRATIVE'],
    preset: p(9, 1.28, childTimbre(0.8)),
    added: '2024-09-09',
  },
  {
    slug: 'noah',
    name: 'Noah',
    visibility: 'kids',
    species: 'human',
    gender: 'male',
    age: 'child',
    nationality: 'German',
    category: 'kids',
    description: 'A cheeky boy who speaks German and English.',
    accents: ['de-DE', 'en-US'],
    styles: ['CHEERFUL'],
    preset: p(8, 1.22, childTimbre(0.65)),
    added: '2025-03-10',
  },
  {
    slug: 'zoe',
    name: 'Zoé',
    visibility: 'kids',
    species: 'human',
    gender: 'female',
    age: 'child',
    nationality: 'French',
    category: 'kids',
    description: 'A giggly little French girl.',
    accents: ['fr-FR'],
    styles: ['CHEERFUL'],
    preset: p(9, 1.27, childTimbre(0.85)),
    added: '2025-04-14',
  },
  // Enterprise voices (custom plans).
  {
    slug: 'atlas',
    name: 'Atlas',
    visibility: 'enterprise',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'American',
    category: 'brand',
    description: 'A broadcast-grade brand voice in three English accents.',
    accents: ['en-US', 'en-GB', 'en-IN'],
    styles: ['NEWSCAST', 'DOCUMENTARY', 'PROMO'],
    preset: p(-4, 0.92, maleWarm(4, 2)),
    added: '2024-05-20',
  },
  {
    slug: 'aurora',
    name: 'Aurora',
    visibility: 'enterprise',
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'British',
    category: 'brand',
    description: 'A warm, multilingual brand voice.',
    accents: ['en-GB', 'en-US', 'fr-FR', 'de-DE'],
    styles: ['NARRATIVE', 'CONVERSATIONAL', 'PROMO'],
    preset: p(4, 1.08, femaleWarm(2.5)),
    added: '2024-07-01',
  },
  {
    slug: 'sentinel',
    name: 'Sentinel',
    visibility: 'enterprise',
    species: 'robot',
    gender: 'neutral',
    age: 'adult',
    nationality: null,
    category: 'assistant',
    description: 'A discreet synthetic assistant for phone systems.',
    accents: ['en-US', 'es-ES', 'tr-TR'],
    styles: ['CONVERSATIONAL'],
    preset: p(
      1,
      1.01,
      timbre(
        -0.6,
        0.6,
        0.02,
        [
          [300, -2, 0.8],
          [1800, 2, 3],
          [3400, 2, 1.5],
        ],
        { ring_mod_hz: 8 },
      ),
    ),
    cost: 2,
    added: '2025-05-12',
  },
  {
    slug: 'helena',
    name: 'Helena',
    visibility: 'enterprise',
    species: 'human',
    gender: 'female',
    age: 'senior',
    nationality: 'German',
    category: 'documentary',
    description: 'A distinguished German narrator for corporate film.',
    accents: ['de-DE', 'en-GB'],
    styles: ['DOCUMENTARY'],
    preset: p(2, 1.02, seniorTimbre(2)),
    added: '2025-05-26',
  },
  // Voice talents: custom voices of named performers.
  {
    slug: 'rosa-delgado',
    name: 'Rosa Delgado',
    visibility: 'public',
    talent: true,
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'Spanish',
    category: 'narration',
    description: 'Voice actress from Valencia: audiobooks and dubbing.',
    accents: ['es-ES', 'en-US'],
    styles: ['NARRATIVE', 'PROMO'],
    preset: p(4, 1.08, femaleWarm(3)),
    added: '2024-11-25',
  },
  {
    slug: 'benedict-hale',
    name: 'Benedict Hale',
    visibility: 'paid',
    talent: true,
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'British',
    category: 'narration',
    description: 'Stage actor and narrator from Bristol.',
    accents: ['en-GB'],
    styles: ['NARRATIVE', 'DOCUMENTARY'],
    preset: p(-4, 0.92, maleWarm(3, 1.5)),
    added: '2025-02-10',
  },
  {
    slug: 'chen-jing',
    name: 'Chen Jing',
    visibility: 'enterprise',
    talent: true,
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'Chinese',
    category: 'brand',
    description: 'Broadcast presenter from Shanghai, Mandarin and English.',
    accents: ['zh-CN', 'en-US'],
    styles: ['NEWSCAST', 'CONVERSATIONAL'],
    preset: p(5, 1.1, femaleClear(3)),
    added: '2025-03-31',
  },
  {
    slug: 'dmytro-koval',
    name: 'Dmytro Koval',
    visibility: 'public',
    talent: true,
    species: 'human',
    gender: 'male',
    age: 'young',
    nationality: 'Ukrainian',
    category: 'gaming',
    description: 'Game voice actor from Lviv.',
    accents: ['uk-UA', 'en-GB'],
    styles: ['ENERGETIC', 'CHARACTER'],
    preset: p(-2, 0.96, maleBright(2.5)),
    added: '2025-04-28',
  },
  {
    slug: 'aylin-demir',
    name: 'Aylin Demir',
    visibility: 'paid',
    talent: true,
    species: 'human',
    gender: 'female',
    age: 'young',
    nationality: 'Turkish',
    category: 'commercial',
    description: 'Singer and commercial voice from Istanbul, Turkish and German.',
    accents: ['tr-TR', 'de-DE'],
    styles: ['PROMO', 'CONVERSATIONAL'],
    preset: p(6, 1.11, femaleClear(3.5, 2)),
    added: '2025-06-02',
  },
  // Retired: kept for the conversions made with it.
  {
    slug: 'max-classic',
    name: 'Max (classic)',
    visibility: 'public',
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'American',
    category: 'narration',
    description: 'The first Timbre voice, retired in favour of Marcus.',
    accents: ['en-US'],
    styles: ['NARRATIVE'],
    preset: p(-3, 0.95, maleWarm(2)),
    added: '2023-11-01',
    active: false,
  },
];

/**
 * Private voices: a user's own custom voices, visible to nobody else. A fresh machine gives the seeded
 * admin these (seed.ts seedPrivateVoices), so the private filter and the private-voice check have
 * something to show; slugs get the owner's id appended.
 */
export const PRIVATE_VOICES: VoiceDef[] = [
  {
    slug: 'my-studio-voice',
    name: 'My Studio Voice',
    visibility: 'private',
    talent: true,
    species: 'human',
    gender: 'male',
    age: 'adult',
    nationality: 'American',
    category: 'custom',
    description: 'A custom voice trained from your own studio recordings.',
    accents: ['en-US'],
    styles: ['CONVERSATIONAL', 'NARRATIVE'],
    preset: p(-3, 0.95, maleWarm(2.5, 1.5)),
    added: '2025-06-09',
  },
  {
    slug: 'demo-clone',
    name: 'Demo Clone',
    visibility: 'private',
    talent: true,
    species: 'human',
    gender: 'female',
    age: 'adult',
    nationality: 'British',
    category: 'custom',
    description: 'A private clone for a client pitch.',
    accents: ['en-GB', 'en-US'],
    styles: ['PROMO'],
    preset: p(4, 1.08, femaleClear(2.5)),
    added: '2025-06-10',
  },
  {
    slug: 'prototype-bot',
    name: 'Prototype Bot',
    visibility: 'private',
    species: 'robot',
    gender: 'neutral',
    age: 'young',
    nationality: null,
    category: 'custom',
    description: 'A robot voice being tuned for a game.',
    accents: ['en-US'],
    styles: ['CHARACTER'],
    preset: p(
      2,
      1.04,
      timbre(
        0.2,
        0.7,
        0,
        [
          [700, 4, 5],
          [2100, 3, 4],
        ],
        { ring_mod_hz: 80 },
      ),
    ),
    added: '2025-06-11',
  },
];

/** Stable ids from names (RFC 4122 version 5 over SHA-1), so a voice keeps its id on every machine. */
const NAMESPACE = Buffer.from('6f2b0c1e8a4d4f7b9c3e5a1d2b7c9e04', 'hex');
export function stableId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const voiceIdOf = (slug: string) => stableId(`voice:${slug}`);

/** The artwork of a voice, served by artwork.ts (generated, never fetched from anywhere). */
export const ART_VERSION = 1;
export const artPath = (slug: string, kind: 'image' | 'thumbnail' | 'background') =>
  `/voice-art/${slug}/${kind}.svg?v=${ART_VERSION}`;

// ─────────────────────────────────────────── models ───────────────────────────────────────────

export type ModelParam = Schemas['ModelParam'];

export interface ModelDef {
  /** A readable name for the model; its id (the contract's uuid) is modelIdOf(key). */
  key: string;
  name: string;
  m2o: boolean;
  /** sts models are not part of the TTS Only plan (SPEC.md's unlock_sts prompt). */
  kind: 'sts' | 'tts';
  /** 'paid': a paid subscription (or an admin or prepaid account); 'access': any account with access. */
  requires: 'access' | 'paid';
  params: Record<string, ModelParam>;
}

const SEMITONES: ModelParam = {
  type: 'number',
  default: 0,
  min: -24,
  max: 24,
  step: 0.5,
  description: 'Pitch shift added to the voice, in semitones.',
};
const NARRATION_STYLE: ModelParam = {
  type: 'string',
  default: DEFAULT_NARRATION_STYLE,
  options: NARRATION_STYLES.map((s) => s.id),
  description: 'Narration style; BASIC is the default and the only one for non-English TTS.',
};
const ADVANCED: Record<string, ModelParam> = {
  denoise: { type: 'boolean', default: false, description: 'Remove background noise before converting.' },
  normalize: { type: 'boolean', default: false, description: 'Bring the loudness to a standard level.' },
  denormalize: { type: 'boolean', default: false, description: 'Keep the original loudness contour.' },
  hft: {
    type: 'boolean',
    default: false,
    description: 'High-frequency transfer: keep the original air and sibilance.',
  },
  emotional_scale: {
    type: 'number',
    default: 0.5,
    min: 0,
    max: 1,
    step: 0.05,
    description: 'How much of the original’s expressiveness carries over.',
  },
};

export const TTS_LANGUAGES: Record<string, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  it: 'Italian',
  pt: 'Portuguese',
  ja: 'Japanese',
  zh: 'Chinese',
  tr: 'Turkish',
  uk: 'Ukrainian',
  ru: 'Russian',
  pl: 'Polish',
  nl: 'Dutch',
  hi: 'Hindi',
  ko: 'Korean',
  ar: 'Arabic',
  sv: 'Swedish',
  cs: 'Czech',
  el: 'Greek',
};

export const MODELS: ModelDef[] = [
  {
    key: 'timbre-sts',
    name: 'Timbre STS',
    m2o: true,
    kind: 'sts',
    requires: 'access',
    params: { semitones: SEMITONES, narration_style: NARRATION_STYLE, ...ADVANCED },
  },
  {
    key: 'timbre-sts-long',
    name: 'Timbre STS Long-form',
    m2o: true,
    kind: 'sts',
    requires: 'paid',
    params: {
      semitones: SEMITONES,
      narration_style: NARRATION_STYLE,
      ...ADVANCED,
      chunk_seconds: {
        type: 'integer',
        default: 30,
        min: 5,
        max: 120,
        step: 1,
        description: 'Length of the chunks a long original is converted in.',
      },
      crossfade_ms: {
        type: 'integer',
        default: 40,
        min: 0,
        max: 500,
        step: 5,
        description: 'Overlap where chunks are stitched together.',
      },
    },
  },
  {
    key: 'timbre-sts-calibrated',
    name: 'Timbre STS Calibrated',
    m2o: false,
    kind: 'sts',
    requires: 'paid',
    params: {
      semitones: SEMITONES,
      narration_style: NARRATION_STYLE,
      ...ADVANCED,
      calibration_strength: {
        type: 'number',
        default: 1,
        min: 0,
        max: 1,
        step: 0.1,
        description: 'How strongly the speaker’s calibration profile corrects pitch and level.',
      },
    },
  },
  {
    key: 'timbre-tts',
    name: 'Timbre TTS',
    m2o: true,
    kind: 'tts',
    requires: 'access',
    params: {
      text_language: {
        type: 'string',
        default: 'en',
        options: Object.keys(TTS_LANGUAGES),
        description: 'Language of the text.',
      },
      rate: { type: 'number', default: 1, min: 0.5, max: 2, step: 0.05, description: 'Speaking rate.' },
      semitones: SEMITONES,
      narration_style: NARRATION_STYLE,
    },
  },
];

/** A catalogue model's id: the contract's Model.id is a uuid, stable from the model's key. */
export const modelIdOf = (key: string) => stableId(`model:${key}`);

// ─────────────────────────────────────────── TTS voices ───────────────────────────────────────────

export interface TtsVoiceDef {
  id: string;
  name: string;
  language: string;
  locale: string;
  gender: 'male' | 'female';
  /** eSpeak-NG voice: language/variant plus a voice variant (+f3 female, +m3 male). */
  engineVoice: string;
  /** The catalogue voice this TTS voice converts into by default (slug), if any. */
  voice: string | null;
}

/** [locale, eSpeak-NG language id, region for the name, female voice slug, male voice slug] */
const TTS_LOCALES: [string, string, string, string | null, string | null][] = [
  ['en-US', 'en-us', 'United States', 'ava', 'marcus'],
  ['en-GB', 'en-gb-x-rp', 'United Kingdom', 'eleanor', 'arthur'],
  ['de-DE', 'de', 'Germany', 'lena', 'klaus'],
  ['fr-FR', 'fr-fr', 'France', 'camille', 'julien'],
  ['es-ES', 'es', 'Spain', 'lucia', 'mateo'],
  ['es-MX', 'es-419', 'Latin America', null, null],
  ['it-IT', 'it', 'Italy', null, null],
  ['pt-BR', 'pt-br', 'Brazil', null, null],
  ['pt-PT', 'pt', 'Portugal', null, null],
  ['ja-JP', 'ja', 'Japan', null, null],
  ['zh-CN', 'cmn', 'China', 'mei', 'wei'],
  ['tr-TR', 'tr', 'Turkey', 'elif', 'emre'],
  ['uk-UA', 'uk', 'Ukraine', 'oksana', 'taras'],
  ['ru-RU', 'ru', 'Russia', null, null],
  ['pl-PL', 'pl', 'Poland', null, null],
  ['nl-NL', 'nl', 'Netherlands', null, null],
  ['hi-IN', 'hi', 'India', null, null],
  ['ko-KR', 'ko', 'South Korea', null, null],
  ['ar-EG', 'ar', 'Egypt', null, null],
  ['sv-SE', 'sv', 'Sweden', null, null],
  ['cs-CZ', 'cs', 'Czechia', null, null],
  ['el-GR', 'el', 'Greece', null, null],
];

export const TTS_VOICES: TtsVoiceDef[] = TTS_LOCALES.flatMap(([locale, espeak, region, female, male]) => {
  const language = locale.slice(0, 2);
  const languageName = TTS_LANGUAGES[language]!;
  return [
    {
      id: `${locale}-female`,
      name: `${languageName} (${region}), female`,
      language,
      locale,
      gender: 'female' as const,
      engineVoice: `${espeak}+f3`,
      voice: female,
    },
    {
      id: `${locale}-male`,
      name: `${languageName} (${region}), male`,
      language,
      locale,
      gender: 'male' as const,
      engineVoice: `${espeak}+m3`,
      voice: male,
    },
  ];
});

// ─────────────────────────────────────────── demo sets ───────────────────────────────────────────

export interface DemoDef {
  language: string;
  voice: string;
  title: string;
  text: string;
}

/**
 * The demo pairs per language: the text is spoken by the synthesiser (the original) and converted into
 * the voice. Their audio is rendered by the voice engine; until it is, they are not listed.
 */
export const DEMO_SETS: DemoDef[] = [
  {
    language: 'en',
    voice: 'ava',
    title: 'Welcome',
    text: 'Welcome to Timbre. Record a line, pick a voice, and hear yourself as someone new.',
  },
  {
    language: 'en',
    voice: 'marcus',
    title: 'Audiobook opening',
    text: 'Chapter one. The lighthouse keeper had not seen a ship in eleven days, and he had begun to talk to the gulls.',
  },
  {
    language: 'en',
    voice: 'grumbold',
    title: 'Character',
    text: 'Who goes there? Nobody crosses my bridge without paying the toll. Three riddles, or three gold coins!',
  },
  {
    language: 'en',
    voice: 'priya',
    title: 'Podcast intro',
    text: 'Hi everyone, and welcome back to the show. Today we are talking about the science of sleep.',
  },
  {
    language: 'es',
    voice: 'lucia',
    title: 'Bienvenida',
    text: 'Bienvenido a Timbre. Graba una frase, elige una voz y escúchate de una forma completamente nueva.',
  },
  {
    language: 'es',
    voice: 'mateo',
    title: 'Videojuego',
    text: '¡Vamos, equipo! Queda un minuto de partida y el marcador está empatado.',
  },
  {
    language: 'fr',
    voice: 'camille',
    title: 'Bienvenue',
    text: 'Bienvenue sur Timbre. Enregistrez une phrase, choisissez une voix et découvrez-vous autrement.',
  },
  {
    language: 'de',
    voice: 'klaus',
    title: 'Nachrichten',
    text: 'Guten Abend, meine Damen und Herren. Hier sind die Nachrichten des Tages.',
  },
  {
    language: 'de',
    voice: 'lena',
    title: 'Willkommen',
    text: 'Willkommen bei Timbre. Nimm einen Satz auf, wähle eine Stimme und hör dich ganz neu.',
  },
  { language: 'zh', voice: 'mei', title: '欢迎', text: '欢迎来到 Timbre。录一句话，选一个声音，听听全新的自己。' },
  {
    language: 'tr',
    voice: 'elif',
    title: 'Hoş geldiniz',
    text: 'Timbre’a hoş geldiniz. Bir cümle kaydedin, bir ses seçin ve kendinizi yepyeni bir sesle dinleyin.',
  },
  {
    language: 'uk',
    voice: 'oksana',
    title: 'Ласкаво просимо',
    text: 'Ласкаво просимо до Timbre. Запишіть фразу, оберіть голос і почуйте себе по-новому.',
  },
];

export const demoIdOf = (demo: Pick<DemoDef, 'language' | 'voice' | 'title'>) =>
  stableId(`demo:${demo.language}:${demo.voice}:${demo.title}`);
