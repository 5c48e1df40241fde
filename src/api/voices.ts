import type { components } from '../../openapi/generated/models.js';
import { body } from './body.ts';
import type { ApiClients } from './clients.ts';

type Voice = components['schemas']['Voice'];

/** The contract's limit of ids in one by-ids request. */
export const BY_IDS_LIMIT = 100;

/**
 * POST /api/v2/voices/by-ids: the voices of these ids that exist and the caller may see, in the order of the
 * ids (duplicates asked once; more than a request's limit go in several requests).
 */
export async function getVoicesByIds(api: ApiClients, ids: readonly string[]): Promise<Voice[]> {
  const unique = [...new Set(ids)];
  const found: Voice[] = [];
  for (let start = 0; start < unique.length; start += BY_IDS_LIMIT) {
    const { data } = await api.models.POST('/api/v2/voices/by-ids', {
      body: { voice_ids: unique.slice(start, start + BY_IDS_LIMIT) },
    });
    found.push(...body(data).items);
  }
  return found;
}

/** One voice by id: the voice, or null when it is gone or not the caller's to see. */
export async function getVoice(api: ApiClients, id: string): Promise<Voice | null> {
  return (await getVoicesByIds(api, [id])).find((voice) => voice.id === id) ?? null;
}
