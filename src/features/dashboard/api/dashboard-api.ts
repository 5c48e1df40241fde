import type { components } from '../../../../openapi/generated/marketplace.js';
import { body, type ApiClients } from '../../../api/index.ts';

export type UserStats = components['schemas']['UserStats'];

/** GET /api/stats: the caller's totals over their active projects. */
export async function getUserStats(api: ApiClients, options: { signal?: AbortSignal } = {}): Promise<UserStats> {
  const { data } = await api.marketplace.GET('/api/stats', { signal: options.signal });
  return body(data);
}

export type RecentProject = components['schemas']['Project'];

/** GET /api/projects: the caller's active projects with the newest recordings first (the dashboard's summary). */
export async function listRecentProjects(
  api: ApiClients,
  limit: number,
  options: { signal?: AbortSignal } = {},
): Promise<RecentProject[]> {
  const { data } = await api.marketplace.GET('/api/projects', {
    params: { query: { sort: 'last_recording_at', direction: 'desc', limit, offset: 0, state: 'active' } },
    signal: options.signal,
  });
  return body(data).items;
}
