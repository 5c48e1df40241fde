import { createStore } from '@xstate/store';
import { browserStorage, type AppStorage } from '../../machines/index.ts';
import type { VoiceListQuery } from './api/voices-api.ts';
import { AGE_GROUPS, GENDERS, PITCH_GROUPS, SPECIES, VISIBILITIES } from './voice-rules.ts';

/** Marketplace voices and voice talents together, or one of them (the voice_talent filter). */
export type VoiceTalentFilter = 'any' | 'marketplace' | 'talents';

/**
 * The voicesFilters modal's choices (SPEC.md section 3, "Voice filters": locales, visibility, species, gender,
 * age_group, pitch_group, narration_style_tag_groups, voice_talent), plus favourites only. Within one filter
 * the values combine with OR, across filters with AND. Nationality has no list to choose from in the
 * contract (the filter takes free text), so the modal leaves it out.
 */
export interface VoiceFilters {
  gender: (typeof GENDERS)[number][];
  age_group: (typeof AGE_GROUPS)[number][];
  pitch_group: (typeof PITCH_GROUPS)[number][];
  species: (typeof SPECIES)[number][];
  visibility: (typeof VISIBILITIES)[number][];
  locales: string[];
  narration_style_tag_groups: string[];
  /** Narration style tags (any of them); a group above means any tag of that group. */
  narration_style_tags: string[];
  favorite: boolean;
  voice_talent: VoiceTalentFilter;
  /** How the catalogue shows the voices: a dense list of rows, or a grid of tiles (not a filter: kept on clear). */
  layout: VoiceLayout;
}

export type VoiceLayout = 'list' | 'grid';
const LAYOUTS: readonly VoiceLayout[] = ['list', 'grid'];

export const EMPTY_VOICE_FILTERS: VoiceFilters = {
  gender: [],
  age_group: [],
  pitch_group: [],
  species: [],
  visibility: [],
  locales: [],
  narration_style_tag_groups: [],
  narration_style_tags: [],
  favorite: false,
  voice_talent: 'any',
  layout: 'list',
};

/** SPEC.md section 2: voices' filter preferences are restored from local storage (their sort is in the list preferences). */
export const VOICE_FILTERS_KEY = 'timbre.voice_filters';

const LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;
const TALENT_FILTERS: readonly VoiceTalentFilter[] = ['any', 'marketplace', 'talents'];

function pick<T extends string>(value: unknown, allowed: readonly T[]): T[] {
  if (!Array.isArray(value)) return [];
  return allowed.filter((option) => value.includes(option));
}

function strings(value: unknown, valid: (s: string) => boolean): string[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is string => typeof v === 'string' && valid(v)))].slice(0, 50);
}

/** Filters from anything (a stored record), each field checked on its own; what is unreadable is empty. */
export function toVoiceFilters(value: unknown): VoiceFilters {
  if (typeof value !== 'object' || value === null) return structuredClone(EMPTY_VOICE_FILTERS);
  const v = value as Record<string, unknown>;
  return {
    gender: pick(v.gender, GENDERS),
    age_group: pick(v.age_group, AGE_GROUPS),
    pitch_group: pick(v.pitch_group, PITCH_GROUPS),
    species: pick(v.species, SPECIES),
    visibility: pick(v.visibility, VISIBILITIES),
    locales: strings(v.locales, (s) => LOCALE.test(s)),
    narration_style_tag_groups: strings(v.narration_style_tag_groups, (s) => s.length > 0 && s.length <= 64),
    narration_style_tags: strings(v.narration_style_tags, (s) => s.length > 0 && s.length <= 64),
    favorite: v.favorite === true,
    voice_talent: TALENT_FILTERS.includes(v.voice_talent as VoiceTalentFilter)
      ? (v.voice_talent as VoiceTalentFilter)
      : 'any',
    layout: LAYOUTS.includes(v.layout as VoiceLayout) ? (v.layout as VoiceLayout) : 'list',
  };
}

export function readVoiceFilters(storage: AppStorage | null): VoiceFilters {
  const text = storage?.getItem(VOICE_FILTERS_KEY);
  if (!text) return structuredClone(EMPTY_VOICE_FILTERS);
  try {
    return toVoiceFilters(JSON.parse(text));
  } catch {
    return structuredClone(EMPTY_VOICE_FILTERS);
  }
}

/**
 * The query parameters of the filters. The voice talents page lists voice talents only, whatever the stored
 * choice says.
 */
export function filtersQuery(filters: VoiceFilters, options: { talentsOnly?: boolean } = {}): VoiceListQuery {
  const talent = options.talentsOnly ? 'talents' : filters.voice_talent;
  const query: VoiceListQuery = {
    gender: filters.gender,
    age_group: filters.age_group,
    pitch_group: filters.pitch_group,
    species: filters.species,
    visibility: filters.visibility,
    locales: filters.locales,
    narration_style_tag_groups: filters.narration_style_tag_groups,
    narration_style_tags: filters.narration_style_tags,
  };
  if (filters.favorite) query.favorite = true;
  if (talent !== 'any') query.voice_talent = talent === 'talents';
  return query;
}

/** How many filters narrow the list (each filter with a value counts once). */
export function activeFilterCount(filters: VoiceFilters, options: { talentsOnly?: boolean } = {}): number {
  const lists = [
    filters.gender,
    filters.age_group,
    filters.pitch_group,
    filters.species,
    filters.visibility,
    filters.locales,
    filters.narration_style_tag_groups,
    filters.narration_style_tags,
  ].filter((list) => list.length > 0).length;
  return lists + (filters.favorite ? 1 : 0) + (!options.talentsOnly && filters.voice_talent !== 'any' ? 1 : 0);
}

/** A tag group as the filter offers it: "any of the group" and each of its tags. */
export interface StyleGroupChoice {
  id: string;
  tags: readonly { id: string }[];
}

/** The value "any tag of the group" takes among the group's tag checkboxes. */
export const anyOfGroup = (groupId: string) => `group:${groupId}`;

/** The checked values of one group's checkboxes: "any of the group" when the group is chosen, and its chosen tags. */
export function styleValuesOf(filters: VoiceFilters, group: StyleGroupChoice): string[] {
  const own = new Set(group.tags.map((tag) => tag.id));
  return [
    ...(filters.narration_style_tag_groups.includes(group.id) ? [anyOfGroup(group.id)] : []),
    ...filters.narration_style_tags.filter((tag) => own.has(tag)),
  ];
}

/** The filters with one group's checkboxes set to `values` (the other groups' choices kept). */
export function withStyleValues(
  filters: VoiceFilters,
  group: StyleGroupChoice,
  values: readonly string[],
): Pick<VoiceFilters, 'narration_style_tag_groups' | 'narration_style_tags'> {
  const own = new Set(group.tags.map((tag) => tag.id));
  return {
    narration_style_tag_groups: [
      ...filters.narration_style_tag_groups.filter((id) => id !== group.id),
      ...(values.includes(anyOfGroup(group.id)) ? [group.id] : []),
    ],
    narration_style_tags: [
      ...filters.narration_style_tags.filter((tag) => !own.has(tag)),
      ...values.filter((value) => own.has(value)),
    ],
  };
}

/** The voice filters, read from local storage once and written through on every change. */
export function createVoiceFiltersStore(storage: AppStorage | null = browserStorage()) {
  const persist = (filters: VoiceFilters) => {
    try {
      storage?.setItem(VOICE_FILTERS_KEY, JSON.stringify(filters));
    } catch {
      // A full or refused storage loses the preference; the list works on without it.
    }
  };
  return createStore({
    context: readVoiceFilters(storage),
    on: {
      /** Replaces the filters (the modal's Apply). */
      set: (_context, event: { filters: VoiceFilters }, enq) => {
        const filters = toVoiceFilters(event.filters);
        enq.effect(() => persist(filters));
        return filters;
      },
      /** Changes some of them (favourites only, a locale from the accent details). */
      change: (context, event: { change: Partial<VoiceFilters> }, enq) => {
        const filters = toVoiceFilters({ ...context, ...event.change });
        enq.effect(() => persist(filters));
        return filters;
      },
      clear: (context, _event: object, enq) => {
        const filters = { ...structuredClone(EMPTY_VOICE_FILTERS), layout: context.layout };
        enq.effect(() => persist(filters));
        return filters;
      },
      /** Reads the storage again (a story that filled it, after a logout that cleared it). */
      reload: (_context) => readVoiceFilters(storage),
    },
  });
}

export type VoiceFiltersStore = ReturnType<typeof createVoiceFiltersStore>;

/** The app's one voice filters store. */
export const voiceFiltersStore: VoiceFiltersStore = createVoiceFiltersStore();
