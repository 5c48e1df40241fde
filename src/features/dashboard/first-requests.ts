import { body, keepSessionOn401, type ApiClients } from '../../api/index.ts';
import { startEarly } from '../../api/early-requests.ts';

/** What names the dashboard's figures (GET /api/stats) among the early requests. */
export const USER_STATS_REQUEST = 'GET /api/stats';

/**
 * A signed-in first load of `/`: the dashboard's figures are requested now, beside the session check (see
 * early-requests.ts; its own GET: dashboard-api.ts is the dashboard's chunk). A 401 here signs nobody out.
 */
export function startDashboardFirstRequests(api: ApiClients): void {
  startEarly(USER_STATS_REQUEST, () =>
    api.marketplace.GET('/api/stats', { middleware: [keepSessionOn401] }).then(({ data }) => body(data)),
  );
}
