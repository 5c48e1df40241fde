import { synthesiseClip } from '../../../../design-system/components/WaveformPlayer/story-audio.ts';
import type { Calibration } from '../../../api/index.ts';
import {
  makeAccent,
  makeRecording,
  makeVoice as baseVoice,
  uuid,
  type FakeAnswer,
  type FakeRoutes,
} from '../../../api/testing/index.ts';
import type {
  AccentInfo,
  AccentInfoMap,
  DemoItem,
  DemoSetMap,
  NarrationStyleTagGroup,
  Voice,
  VoiceAccent,
} from '../api/voices-api.ts';

/**
 * A small model manager for the voice screens' stories: a catalogue kept in memory and answered as
 * openapi/models.yaml says (filters combined with AND, values of one filter with OR, search, the three sorts,
 * paging, favourites, settings checked against the voice, by-ids, the private-voice check and the reference
 * data), plus the feedback call the voice requests use and the originals the voice choice names. It stands in
 * for the network only; the screens, API clients and middleware run for real.
 */

// One real clip, shared by every demo: the players load real audio.
const clip = synthesiseClip(3, 8000);
const audioUrl = URL.createObjectURL(clip.wav);

export { uuid };

/** Generated artwork as the server makes it: an SVG of the voice's own colours (no stock images). */
function artwork(n: number, name: string): string {
  const hue = (n * 47) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 30%)"/>` +
    `</linearGradient></defs><rect width="320" height="180" fill="url(#g)"/>` +
    `<path d="M0 120 Q80 ${60 + (n % 5) * 10} 160 110 T320 100" stroke="white" stroke-opacity=".6" fill="none" stroke-width="6"/>` +
    `<text x="16" y="40" fill="white" font-family="sans-serif" font-size="28">${name}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export const ACCENT_INFOS: AccentInfoMap = {
  'en-US': {
    locale: 'en-US',
    name: 'American English',
    short_name: 'US',
    country: 'United States',
    flag: '🇺🇸',
    region: 'US',
    language: 'en',
  },
  'en-GB': {
    locale: 'en-GB',
    name: 'British English',
    short_name: 'UK',
    country: 'United Kingdom',
    flag: '🇬🇧',
    region: 'GB',
    language: 'en',
  },
  'fr-FR': {
    locale: 'fr-FR',
    name: 'French',
    short_name: 'FR',
    country: 'France',
    flag: '🇫🇷',
    region: 'FR',
    language: 'fr',
  },
};

export const TAG_GROUPS: NarrationStyleTagGroup[] = [
  {
    id: 'mood',
    name: 'Mood',
    tags: [
      { id: 'calm', name: 'Calm', group_id: 'mood' },
      { id: 'bright', name: 'Bright', group_id: 'mood' },
    ],
  },
  { id: 'pace', name: 'Pace', tags: [{ id: 'slow', name: 'Slow', group_id: 'pace' }] },
];

export function accent(locale: keyof typeof ACCENT_INFOS & string, isDefault = false): VoiceAccent {
  const info = ACCENT_INFOS[locale] as AccentInfo;
  return makeAccent(locale, info.name, info.short_name, isDefault);
}

/** A voice of the catalogue (fixtures' makeVoice) with its generated artwork. */
export function makeVoice(n: number, name: string, extra: Partial<Voice> = {}): Voice {
  return baseVoice(n, name, { image_url: artwork(n, name), thumbnail_url: artwork(n, name), ...extra });
}

/** A voice's demo in a language: a sample original and its conversion. */
export function makeDemo(voice: Voice, language = 'en'): DemoItem {
  return {
    id: uuid(5000 + Number(voice.id.slice(-4))),
    voice_id: voice.id,
    title: `Sample ${language}`,
    text: language === 'en' ? 'The quick brown fox jumps over the lazy dog.' : null,
    original_url: audioUrl,
    converted_url: audioUrl,
    language,
    duration: 3,
  };
}

/** The catalogue of most stories: five voices of different kinds. */
export function catalogue(): Voice[] {
  return [
    makeVoice(1, 'Ada'),
    makeVoice(2, 'Bruno', { gender: 'male', pitch_group: 'low', accents: [accent('en-GB', true)] }),
    makeVoice(3, 'Chen', { gender: 'neutral', age_group: 'young', accents: [accent('fr-FR', true)] }),
    makeVoice(4, 'Dot', { visibility: 'kids', age_group: 'child', pitch_group: 'high', available: false }),
    makeVoice(5, 'Echo', { visibility: 'paid', species: 'robot', available: false, tiers: ['power'] }),
  ];
}

export interface VoicesState {
  voices: Voice[];
  demoSets?: DemoSetMap;
  /** Originals the voice choice may name (GET /api/recordings/{id}). */
  originals?: { id: string; label: string }[];
  /** Answers of the private-voice check for ids that are not in `voices`. */
  privateChecks?: Record<string, { private: boolean; owned: boolean }>;
  /** The user's calibrations (GET /api/v3/calibration): the enabled one gives the suggested pitch shift. */
  calibrations?: Calibration[];
  /** Answers to replace by route, e.g. a failure. */
  overrides?: FakeRoutes;
}

const sortValue = (voice: Voice, sort: string) =>
  sort === 'created_at' ? Date.parse(voice.created_at) : sort === 'pitch' ? voice.pitch : 0;

function matches(voice: Voice, query: URLSearchParams): boolean {
  const anyOf = (name: string, value: string) => {
    const wanted = query.getAll(name);
    return wanted.length === 0 || wanted.includes(value);
  };
  const locales = query.getAll('locales');
  const groups = query.getAll('narration_style_tag_groups');
  const tagsOfGroups = new Set(TAG_GROUPS.filter((g) => groups.includes(g.id)).flatMap((g) => g.tags.map((t) => t.id)));
  const tags = query.getAll('narration_style_tags');
  const search = (query.get('search') ?? '').toLowerCase();
  return (
    anyOf('gender', voice.gender) &&
    anyOf('age_group', voice.age_group) &&
    anyOf('pitch_group', voice.pitch_group) &&
    anyOf('species', voice.species) &&
    anyOf('visibility', voice.visibility) &&
    (locales.length === 0 || voice.accents.some((a) => locales.includes(a.locale))) &&
    (groups.length === 0 || voice.narration_styles.some((s) => s.tags.some((t) => tagsOfGroups.has(t)))) &&
    (tags.length === 0 || voice.narration_styles.some((s) => s.tags.some((t) => tags.includes(t)))) &&
    (!query.has('voice_talent') || String(voice.voice_talent) === query.get('voice_talent')) &&
    (query.get('favorite') !== 'true' || voice.favorite) &&
    (!search || voice.name.toLowerCase().includes(search))
  );
}

const invalid = (field: string, detail: string): FakeAnswer<'POST /api/v2/voices/settings'> => ({
  status: 422,
  body: { detail, field, errors: [{ field, message: detail }] },
});

/** The routes of the fake model manager over `state` (mutated as calls arrive). */
export function voicesRoutes(state: VoicesState): FakeRoutes {
  const find = (id: string) => state.voices.find((v) => v.id === id);
  const routes: FakeRoutes = {
    'GET /api/v3/calibration': (call) => {
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 40);
      const all = state.calibrations ?? [];
      return { status: 200, body: { items: all.slice(offset, offset + limit), total: all.length, offset, limit } };
    },
    'GET /api/v2/voices': (call) => {
      const sort = call.query.get('sort') ?? 'default';
      const direction = call.query.get('direction') === 'asc' ? 1 : -1;
      const items = state.voices
        .filter((v) => matches(v, call.query))
        .map((v, index) => ({ v, index }))
        .sort((a, b) =>
          sort === 'default'
            ? Number(b.v.favorite) - Number(a.v.favorite) || a.index - b.index
            : direction * (sortValue(a.v, sort) - sortValue(b.v, sort)),
        )
        .map(({ v }) => v);
      const offset = Number(call.query.get('offset') ?? 0);
      const limit = Number(call.query.get('limit') ?? 20);
      return { status: 200, body: { items: items.slice(offset, offset + limit), total: items.length, offset, limit } };
    },
    // Names that contain the text, those that start with it first, at most `limit`.
    'GET /api/v2/voices/search': (call) => {
      const name = (call.query.get('name') ?? '').toLowerCase();
      const limit = Number(call.query.get('limit') ?? 10);
      const items = state.voices
        .filter((v) => v.name.toLowerCase().includes(name))
        .sort((a, b) => Number(b.name.toLowerCase().startsWith(name)) - Number(a.name.toLowerCase().startsWith(name)))
        .slice(0, limit);
      return { status: 200, body: { items } };
    },
    'POST /api/v2/voices/by-ids': (call) => {
      const ids = (call.body as { voice_ids: string[] }).voice_ids;
      return { status: 200, body: { items: ids.flatMap((id) => find(id) ?? []) } };
    },
    'POST /api/v2/voices/settings': (call) => {
      const request = call.body as {
        voice_id: string;
        accent_id: string | null;
        semitones_correction: number;
        narration_style_id?: string;
      };
      const voice = find(request.voice_id);
      if (!voice) return { status: 404, body: { detail: 'Voice not found' } };
      if (Math.abs(request.semitones_correction) > 24 || !Number.isInteger(request.semitones_correction * 2)) {
        return invalid('body/semitones_correction', 'body/semitones_correction must be a multiple of 0.5 within ±24');
      }
      if (request.accent_id !== null && !voice.accents.some((a) => a.id === request.accent_id)) {
        return { status: 404, body: { detail: 'The accent is not one of the voice’s' } };
      }
      const styleId = request.narration_style_id ?? 'BASIC';
      if (!voice.narration_styles.some((s) => s.id === styleId)) {
        return { status: 404, body: { detail: 'The narration style is not one of the voice’s' } };
      }
      voice.settings = {
        voice_id: voice.id,
        favorite: voice.favorite,
        semitones_correction: request.semitones_correction,
        accent_id: request.accent_id,
        narration_style_id: styleId,
      };
      return { status: 200, body: voice.settings };
    },
    'GET /api/v2/accent-infos': { status: 200, body: ACCENT_INFOS },
    'GET /api/v2/demo-sets': () => ({ status: 200, body: state.demoSets ?? {} }),
    'GET /api/v2/narration-style-tags/groups': { status: 200, body: { items: TAG_GROUPS } },
    'GET /api/v2/narration-style-tags': { status: 200, body: { items: TAG_GROUPS.flatMap((g) => g.tags) } },
    'POST /api/v3/feedback': { status: 200, body: { detail: 'Feedback submitted successfully' } },
  };
  // Each per-id route knows the ids of `state` only: another id is left to the next route, or a 404.
  routes['POST /api/v2/voices/favorite/{id}'] = (call) => {
    const voice = find(call.params.id);
    if (!voice) return undefined;
    voice.favorite = call.body.favorite;
    return { status: 200, body: voice };
  };
  routes['GET /api/v2/voices/{id}/private-check'] = (call) => {
    const id = call.params.id;
    const voice = find(id);
    const check = voice
      ? { private: voice.visibility === 'private', owned: voice.owner_id !== null }
      : state.privateChecks?.[id];
    return check && { status: 200, body: { voice_id: id, ...check } };
  };
  routes['GET /api/recordings/{id}'] = (call) => {
    const original = state.originals?.find((o) => o.id === call.params.id);
    return (
      original && {
        status: 200,
        body: makeRecording({ id: original.id, label: original.label, file_name: `${original.label}.wav` }),
      }
    );
  };
  return { ...routes, ...state.overrides };
}
