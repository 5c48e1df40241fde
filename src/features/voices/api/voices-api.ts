import type { components, operations } from '../../../../openapi/generated/models.js';
import { ApiError, body, type ApiClients } from '../../../api/index.ts';

export type Voice = components['schemas']['Voice'];
export type VoicePage = components['schemas']['VoicePage'];
export type VoiceSettings = components['schemas']['VoiceSettings'];
export type VoiceAccent = components['schemas']['VoiceAccent'];
export type VoiceNarrationStyle = components['schemas']['VoiceNarrationStyle'];
export type VoiceSortField = components['schemas']['VoiceSortField'];
export type VoiceGender = components['schemas']['VoiceGender'];
export type VoiceAgeGroup = components['schemas']['VoiceAgeGroup'];
export type VoicePitchGroup = components['schemas']['VoicePitchGroup'];
export type VoiceSpecies = components['schemas']['VoiceSpecies'];
export type VoiceVisibility = components['schemas']['VoiceVisibility'];
export type AccentInfo = components['schemas']['AccentInfo'];
export type AccentInfoMap = components['schemas']['AccentInfoMap'];
export type DemoItem = components['schemas']['DemoItem'];
export type DemoSetMap = components['schemas']['DemoSetMap'];
export type NarrationStyleTag = components['schemas']['NarrationStyleTag'];
export type NarrationStyleTagGroup = components['schemas']['NarrationStyleTagGroup'];
export type PrivateVoiceCheck = components['schemas']['PrivateVoiceCheck'];
export type SaveVoiceSettingsRequest = components['schemas']['SaveVoiceSettingsRequest'];
export type VoiceListQuery = NonNullable<operations['listVoices']['parameters']['query']>;
export type Direction = 'asc' | 'desc';

/** Array filters with nothing in them are left out of the query rather than sent empty. */
function compactQuery(query: VoiceListQuery): VoiceListQuery {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    out[key] = value;
  }
  return out as VoiceListQuery;
}

/** GET /api/v2/voices: one page of voices, filtered (AND across filters, OR within one), searched and sorted. */
export async function listVoices(
  api: ApiClients,
  query: VoiceListQuery,
  options: { signal?: AbortSignal } = {},
): Promise<VoicePage> {
  const { data } = await api.models.GET('/api/v2/voices', {
    params: { query: compactQuery(query) },
    signal: options.signal,
  });
  return body(data);
}

/** GET /api/v2/voices/search: at most `limit` voices whose name contains the text, name prefixes first. */
export async function searchVoicesByName(
  api: ApiClients,
  name: string,
  options: { limit?: number; signal?: AbortSignal } = {},
): Promise<Voice[]> {
  const { data } = await api.models.GET('/api/v2/voices/search', {
    params: { query: { name, limit: options.limit ?? 10 } },
    signal: options.signal,
  });
  return body(data).items;
}

/** POST /api/v2/voices/favorite/{id}: marks or unmarks a favourite; answers the voice as it now is. */
export async function setVoiceFavorite(api: ApiClients, id: string, favorite: boolean): Promise<Voice> {
  const { data } = await api.models.POST('/api/v2/voices/favorite/{id}', {
    params: { path: { id } },
    body: { favorite },
  });
  return body(data);
}

/** POST /api/v2/voices/settings: the caller's accent, pitch shift and narration style for a voice. */
export async function saveVoiceSettings(api: ApiClients, settings: SaveVoiceSettingsRequest): Promise<VoiceSettings> {
  const { data } = await api.models.POST('/api/v2/voices/settings', { body: settings });
  return body(data);
}

/** GET /api/v2/voices/{id}/private-check: whether a voice is private, and the caller's own. */
export async function checkPrivateVoice(api: ApiClients, id: string): Promise<PrivateVoiceCheck> {
  const { data } = await api.models.GET('/api/v2/voices/{id}/private-check', { params: { path: { id } } });
  return body(data);
}

/** GET /api/v2/accent-infos: accent infos keyed by locale. */
export async function listAccentInfos(api: ApiClients): Promise<AccentInfoMap> {
  const { data } = await api.models.GET('/api/v2/accent-infos');
  return body(data);
}

/** GET /api/v2/demo-sets: demo items (an original and its conversion into a voice) keyed by language. */
export async function listDemoSets(api: ApiClients): Promise<DemoSetMap> {
  const { data } = await api.models.GET('/api/v2/demo-sets');
  return body(data);
}

export async function listNarrationStyleTags(api: ApiClients): Promise<NarrationStyleTag[]> {
  const { data } = await api.models.GET('/api/v2/narration-style-tags');
  return body(data).items;
}

export async function listNarrationStyleTagGroups(api: ApiClients): Promise<NarrationStyleTagGroup[]> {
  const { data } = await api.models.GET('/api/v2/narration-style-tags/groups');
  return body(data).items;
}

/**
 * The fields a refused request names (422's `field` and `errors`, e.g. body/semitones_correction) as a map of
 * field name → message, without the body/ prefix. Empty when the failure names no field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const strip = (field: string) => field.replace(/^body\//, '').split('/')[0] ?? field;
  const errors: Record<string, string> = {};
  const listed = (error.body as { errors?: unknown } | undefined)?.errors;
  if (Array.isArray(listed)) {
    for (const item of listed) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string' && !errors[strip(field)]) {
        errors[strip(field)] = message;
      }
    }
  }
  if (error.field && !errors[strip(error.field)]) errors[strip(error.field)] = error.message;
  return errors;
}

/** What a voice request is about: access to kids voices, or a custom voice (a voice talent) of one's own. */
export type VoiceRequestTopic = 'Kids voices' | 'Custom voice';

/**
 * Sends a request for kids voices or a custom voice to the team, as a help request through the auth service's
 * feedback call (POST /api/v3/feedback, multipart; the account's name and e-mail are the sender's).
 */
export async function sendVoiceRequest(
  api: ApiClients,
  request: { topic: VoiceRequestTopic; description: string },
): Promise<void> {
  await api.auth.POST('/api/v3/feedback', {
    body: { type: 'help', topic: request.topic, description: request.description },
    bodySerializer: (fields) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) if (typeof value === 'string') form.append(key, value);
      return form;
    },
  });
}

/** An original being converted, as the voice choice shows it. */
export interface OriginalSummary {
  id: string;
  label: string;
}

/**
 * The labels of the originals the new-original data names (GET /api/recordings/{id} of the marketplace),
 * in the order given; originals that are gone or not the caller's are left out.
 */
export async function getOriginalSummaries(api: ApiClients, ids: readonly string[]): Promise<OriginalSummary[]> {
  const found = await Promise.all(
    ids.map((id) =>
      api.marketplace
        .GET('/api/recordings/{id}', { params: { path: { id } } })
        .then(({ data }) => (data ? { id: data.id, label: data.label || data.file_name } : null))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.statusCode === 404) return null;
          throw error;
        }),
    ),
  );
  return found.filter((item): item is OriginalSummary => item !== null);
}
