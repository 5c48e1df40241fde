import { DEFAULT_NARRATION_STYLE_ID } from '../../machines/index.ts';
import type {
  DemoItem,
  DemoSetMap,
  Direction,
  Voice,
  VoiceAgeGroup,
  VoiceGender,
  VoiceNarrationStyle,
  VoicePitchGroup,
  VoiceSortField,
  VoiceSpecies,
  VoiceVisibility,
} from './api/voices-api.ts';

/** SPEC.md section 2: voices sort by default, created_at, pitch asc/desc; descending unless asked otherwise. */
export const VOICE_SORTS = [
  { key: 'default:desc', sort: 'default', direction: 'desc' },
  { key: 'created_at:desc', sort: 'created_at', direction: 'desc' },
  { key: 'created_at:asc', sort: 'created_at', direction: 'asc' },
  { key: 'pitch:asc', sort: 'pitch', direction: 'asc' },
  { key: 'pitch:desc', sort: 'pitch', direction: 'desc' },
] as const satisfies readonly { key: string; sort: VoiceSortField; direction: Direction }[];

export type VoiceSort = (typeof VOICE_SORTS)[number];
export type VoiceSortKey = VoiceSort['key'];

/** The offered sort matching a stored preference, or the catalogue's own order. */
export function voiceSortOf(sort: string, direction: string): VoiceSort {
  return VOICE_SORTS.find((s) => s.sort === sort && s.direction === direction) ?? VOICE_SORTS[0];
}

/** The `offset` of a 1-based page. */
export const offsetOf = (page: number, pageSize: number) => (Math.max(1, page) - 1) * pageSize;

/** The filter values the contract knows, in the order the filters modal offers them. */
export const GENDERS = ['female', 'male', 'neutral'] as const satisfies readonly VoiceGender[];
export const AGE_GROUPS = ['child', 'young', 'adult', 'senior'] as const satisfies readonly VoiceAgeGroup[];
export const PITCH_GROUPS = ['low', 'medium', 'high'] as const satisfies readonly VoicePitchGroup[];
export const SPECIES = ['human', 'creature', 'robot', 'cartoon'] as const satisfies readonly VoiceSpecies[];
export const VISIBILITIES = [
  'public',
  'paid',
  'private',
  'kids',
  'enterprise',
] as const satisfies readonly VoiceVisibility[];

/** The language whose demos are offered first. */
export const DEFAULT_DEMO_LANGUAGE = 'en';

/** The languages of the demo sets, English first, then alphabetically. */
export function demoLanguages(sets: DemoSetMap): string[] {
  return Object.keys(sets)
    .filter((language) => (sets[language]?.length ?? 0) > 0)
    .sort((a, b) => (a === DEFAULT_DEMO_LANGUAGE ? -1 : b === DEFAULT_DEMO_LANGUAGE ? 1 : a.localeCompare(b)));
}

/**
 * The demo of a voice: its sample in the language asked for, else in English, else in any language the
 * demo sets have; null when the voice has none.
 */
export function demoFor(sets: DemoSetMap, voiceId: string, language = DEFAULT_DEMO_LANGUAGE): DemoItem | null {
  const inLanguage = (lang: string) => sets[lang]?.find((item) => item.voice_id === voiceId) ?? null;
  return (
    inLanguage(language) ??
    inLanguage(DEFAULT_DEMO_LANGUAGE) ??
    demoLanguages(sets)
      .map(inLanguage)
      .find((item) => item !== null) ??
    null
  );
}

/** Whether a language tag is English (en, en-GB…). */
export const isEnglish = (language: string) => /^en(?:-|$)/i.test(language);

/**
 * The narration styles a voice offers. SPEC.md section 5: "Non-English TTS languages use the basic narration
 * style only", so for text-to-speech in another language only BASIC is left (speech-to-speech keeps all).
 */
export function narrationStylesFor(voice: Voice, ttsLanguage?: string | null): VoiceNarrationStyle[] {
  if (!ttsLanguage || isEnglish(ttsLanguage)) return voice.narration_styles;
  const basic = voice.narration_styles.find((s) => s.id === DEFAULT_NARRATION_STYLE_ID);
  return [basic ?? { id: DEFAULT_NARRATION_STYLE_ID, info: { name: 'Basic' }, is_default: true, tags: [] }];
}

/**
 * Why the user can not use a voice, and so which prompt choosing it opens: kids voices are given on request
 * (howToRequestKidsVoices), any other voice outside the plan asks for an upgrade (voiceUpgradePlan, reason
 * "voice"). Null when it can be used.
 */
export function blockedReason(voice: Voice): 'kids' | 'voice' | null {
  if (voice.available) return null;
  return voice.visibility === 'kids' ? 'kids' : 'voice';
}

/**
 * The text to ask voice names for while the user types in the catalogue's search: the trimmed text, or ''
 * when there is nothing to suggest (empty, too long for the name search, or already the list's search).
 */
export function nameQuery(text: string, search: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > 200) return '';
  if (trimmed.toLowerCase() === search.trim().toLowerCase()) return '';
  return trimmed;
}
