import type { ApiClients } from '../../../api/index.ts';
import type { Subscriptions } from '../../../shared/price-list.ts';

/** GET /api/v3/subscriptions: the one price list (and, signed in, the user's own price). Public. */
export async function fetchPriceList(api: ApiClients): Promise<Subscriptions> {
  const { data } = await api.auth.GET('/api/v3/subscriptions');
  if (data === undefined) throw new Error('The server answered without a body');
  return data;
}
