import type { components } from '../../../../openapi/generated/models.js';
import type { ApiClients } from '../../../api/index.ts';

export type Showcase = components['schemas']['Showcase'];
export type ShowcaseSample = components['schemas']['ShowcaseSample'];
export type ShowcaseSlot = components['schemas']['ShowcaseSlot'];

/** GET /api/v2/showcase: the marketing pages' samples, rendered by the voice engine. Public. */
export async function fetchShowcase(api: ApiClients, signal?: AbortSignal): Promise<Showcase> {
  const { data } = await api.models.GET('/api/v2/showcase', { signal });
  if (data === undefined) throw new Error('The server answered without a body');
  return data;
}
