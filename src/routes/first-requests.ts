import type { ApiClients } from '../api/index.ts';
import { startDashboardFirstRequests, USER_STATS_REQUEST } from '../features/dashboard/first-requests.ts';
import { firstProjectsQuery, projectsRequestKey, startProjectsFirstPage } from '../features/projects/first-requests.ts';
import type { ListPreferences } from '../machines/list-preferences.ts';

/**
 * The requests a signed-in page makes on its first render, started ahead of it (early-requests.ts) — by main.tsx
 * beside the session check, and by the server as it draws the page (src/prerender/entry-server.tsx). Returns
 * their keys (none for a page without any).
 */
export function startFirstRequests(path: string, api: ApiClients, preferences: ListPreferences): string[] {
  if (path === '/projects') {
    startProjectsFirstPage(api, preferences.projects);
    return [projectsRequestKey(firstProjectsQuery(preferences.projects))];
  }
  if (path === '/') {
    startDashboardFirstRequests(api);
    return [USER_STATS_REQUEST];
  }
  return [];
}
