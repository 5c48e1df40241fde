import { createHash } from 'node:crypto';
import type { components } from '../../openapi/generated/models.js';
import type { VoicePreset } from '../audio/engine/types.ts';
import type { AccentLocale } from './reference-data.ts';

/**
 * The rules of the voice catalogue, apart from its data (catalogue-data.ts): the shapes of its voices,
 * styles, models, TTS voices and demo sets, and what derives from them — pitch from a preset's offset,
 * pitch group from pitch, tiers and cost from visibility, stable ids from names. seed.ts writes the data
 * with these rules; catalogue.test.ts checks both without a database.
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

// One shape, owned by the engine (server/audio/engine/types.ts): the catalogue writes it, the schema stores
// it, the engine reads it. seed.ts checks every preset with parseVoicePreset / parseStylePreset at start.
export type { EqBand, StylePreset, VoicePreset, VoiceTimbre } from '../audio/engine/types.ts';

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

// ─────────────────────────────────────────── narration styles ───────────────────────────────────────────

export const DEFAULT_NARRATION_STYLE = 'BASIC';

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
export const PREMIUM_PLANS: PlanCategory[] = ['power', 'custom'];

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

// ─────────────────────────────────────────── demo sets ───────────────────────────────────────────

export interface DemoDef {
  language: string;
  voice: string;
  title: string;
  text: string;
}

export const demoIdOf = (demo: Pick<DemoDef, 'language' | 'voice' | 'title'>) =>
  stableId(`demo:${demo.language}:${demo.voice}:${demo.title}`);
