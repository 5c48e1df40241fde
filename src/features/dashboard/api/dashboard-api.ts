import type { components } from '../../../../openapi/generated/marketplace.js';
import { body, type ApiClients } from '../../../api/index.ts';

export type UserStats = components['schemas']['UserStats'];

/** GET /api/stats: the caller's totals over their active projects. */
export async function getUserStats(api: ApiClients, options: { signal?: AbortSignal } = {}): Promise<UserStats> {
  const { data } = await api.marketplace.GET('/api/stats', { signal: options.signal });
  return body(data);
}
