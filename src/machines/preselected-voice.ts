import type { components } from '../../openapi/generated/models.js';
import { readJson, writeJson, type AppStorage } from './app-storage.ts';

export type Voice = components['schemas']['Voice'];

/** The URL parameter that preselects a voice (SPEC.md section 4; the name is ours: the spec does not show it). */
export const VOICE_PARAM = 'voice';
export const PRESELECTED_VOICE_KEY = 'timbre.preselected_voice';
export const LAST_USED_VOICES_KEY = 'timbre.last_used_voices';
/** How many last-used voices are kept (the spec does not give the value). */
export const LAST_USED_VOICES_LIMIT = 10;
/** SPEC.md section 3: the default narration style id. */
export const DEFAULT_NARRATION_STYLE_ID = 'BASIC';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The voice id a URL preselects, if it is a voice id at all (voice ids are uuids). */
export function voiceIdFromSearch(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const id = params.get(VOICE_PARAM)?.trim();
  return id && UUID.test(id) ? id.toLowerCase() : null;
}

/** SPEC.md section 4: the preselected voice id in the URL is stored. Returns it, or null when there is none. */
export function capturePreselectedVoice(search: string | URLSearchParams, storage: AppStorage | null): string | null {
  const id = voiceIdFromSearch(search);
  if (id) storage?.setItem(PRESELECTED_VOICE_KEY, id);
  return id;
}

/** SPEC.md section 4: after sign-in and verification the stored voice id is cleared (and then fetched). */
export function takePreselectedVoice(storage: AppStorage | null): string | null {
  const id = storage?.getItem(PRESELECTED_VOICE_KEY) ?? null;
  storage?.removeItem(PRESELECTED_VOICE_KEY);
  return id && UUID.test(id) ? id : null;
}

/** SPEC.md section 3 "Last-used voice entry". */
export interface LastUsedVoiceEntry {
  id: string;
  name: string;
  thumbnail: string | null;
  /** Pitch shift in semitones. */
  pitch: number;
  accent: string;
  accentName: string;
  isDefault: boolean;
  narrationStyle: string;
  narrationStyleName: string;
  isDefaultNarrationStyle: boolean;
  labelAccent: string;
  labelNarrationStyle: string;
  isVoiceTalent: boolean;
}

/** Last-used voices keyed by the time (ms since the epoch) each was used. */
export type LastUsedVoices = Record<string, LastUsedVoiceEntry>;

/**
 * A voice as a last-used entry with pitch 0, the voice's default accent and its default narration style
 * (BASIC when the voice marks none), as SPEC.md section 4 saves a preselected voice.
 */
export function toLastUsedVoiceEntry(voice: Voice): LastUsedVoiceEntry {
  const accent = voice.accents.find((a) => a.is_default) ?? voice.accents[0];
  const style =
    voice.narration_styles.find((s) => s.is_default) ??
    voice.narration_styles.find((s) => s.id === DEFAULT_NARRATION_STYLE_ID) ??
    voice.narration_styles[0];
  return {
    id: voice.id,
    name: voice.name,
    thumbnail: voice.thumbnail_url,
    pitch: 0,
    accent: accent?.id ?? '',
    accentName: accent?.info.name ?? '',
    isDefault: accent?.is_default ?? true,
    narrationStyle: style?.id ?? DEFAULT_NARRATION_STYLE_ID,
    narrationStyleName: style?.info.name ?? '',
    isDefaultNarrationStyle: style?.is_default ?? true,
    labelAccent: accent?.info.short_name ?? '',
    labelNarrationStyle: style?.info.name ?? '',
    isVoiceTalent: voice.voice_talent,
  };
}

const isLastUsedVoices = (value: unknown): value is LastUsedVoices =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every(
    (entry) => typeof entry === 'object' && entry !== null && typeof (entry as LastUsedVoiceEntry).id === 'string',
  );

/** The entries newest first (object keys that are numbers always iterate in ascending order). */
export function lastUsedVoicesNewestFirst(voices: LastUsedVoices): LastUsedVoiceEntry[] {
  return Object.entries(voices)
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([, entry]) => entry);
}

export const readLastUsedVoices = (storage: AppStorage | null): LastUsedVoices =>
  readJson(storage, LAST_USED_VOICES_KEY, isLastUsedVoices) ?? {};

/**
 * Adds an entry used at `time`: a voice appears once (its older entry goes) and only the newest
 * `limit` are kept. Pure; `saveLastUsedVoice` stores the result.
 */
export function withLastUsedVoice(
  voices: LastUsedVoices,
  entry: LastUsedVoiceEntry,
  time: number,
  limit = LAST_USED_VOICES_LIMIT,
): LastUsedVoices {
  const others = Object.entries(voices).filter(([, v]) => v.id !== entry.id);
  const all: [string, LastUsedVoiceEntry][] = [...others, [String(time), entry]];
  all.sort(([a], [b]) => Number(b) - Number(a));
  return Object.fromEntries(all.slice(0, limit));
}

export function saveLastUsedVoice(storage: AppStorage | null, entry: LastUsedVoiceEntry, time: number): LastUsedVoices {
  const next = withLastUsedVoice(readLastUsedVoices(storage), entry, time);
  writeJson(storage, LAST_USED_VOICES_KEY, next);
  return next;
}
