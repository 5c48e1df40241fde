import type { components as MarketplaceComponents } from '../../../../openapi/generated/marketplace.js';
import type { components as ModelsComponents } from '../../../../openapi/generated/models.js';
import { body, type ApiClients } from '../../../api/index.ts';

export type Recording = MarketplaceComponents['schemas']['Recording'];
export type CreateTtsRequest = MarketplaceComponents['schemas']['CreateTtsRequest'];
export type TtsVoice = MarketplaceComponents['schemas']['TtsVoice'];
export type CatalogueVoice = ModelsComponents['schemas']['Voice'];

/**
 * POST /api/v2/recordings/tts: queues a TTS original (type original, tts true) spoken in `voice_id`.
 * Rejects with an ApiError: 402 (body.reason), 422 (field), 429 (retryAfter, detail.limit).
 */
export async function createTts(api: ApiClients, request: CreateTtsRequest): Promise<Recording> {
  const { data } = await api.marketplace.POST('/api/v2/recordings/tts', { body: request });
  return body(data);
}

/** GET /api/tts-voices: the synthesiser's voices, one per language and locale. */
export async function listTtsVoices(api: ApiClients): Promise<TtsVoice[]> {
  const { data } = await api.marketplace.GET('/api/tts-voices');
  return body(data).items;
}

/** The largest page of the voices catalogue (GET /api/v2/voices `limit`). */
export const CATALOGUE_PAGE = 100;

/** GET /api/v2/voices: the first page of the catalogue the text can be spoken in. */
export async function listCatalogueVoices(api: ApiClients): Promise<CatalogueVoice[]> {
  const { data } = await api.models.GET('/api/v2/voices', { params: { query: { limit: CATALOGUE_PAGE } } });
  return body(data).items;
}
