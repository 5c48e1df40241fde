import type { components } from '../../../../openapi/generated/models.js';
import { body, type ApiClients } from '../../../api/index.ts';

export type NearestVoice = components['schemas']['NearestVoice'];

/** How many voices the pitch tool shows. */
export const NEAREST_VOICES = 5;

/** GET /api/v2/voices/nearest-pitch (public): the catalogue voices nearest `pitchHz`, nearest first. */
export async function nearestVoices(api: ApiClients, pitchHz: number): Promise<NearestVoice[]> {
  const { data } = await api.models.GET('/api/v2/voices/nearest-pitch', {
    params: { query: { pitch_hz: pitchHz, limit: NEAREST_VOICES } },
  });
  return body(data).items;
}
