import type { ApiClients } from '../../../api/index.ts';
import type { LedgerEntry } from '../usage.ts';

/** SPEC.md section 9: lists page by 40. */
export const LEDGER_PAGE_SIZE = 40;
/** The whole ledger as CSV (a plain link: the session cookie authorises a GET). */
export const LEDGER_CSV_URL = '/api/v3/credits/ledger/export';

/** One page of the user's credit ledger, newest first. */
export async function fetchLedger(
  api: ApiClients,
  page: { offset: number; limit: number },
): Promise<{ items: LedgerEntry[]; total: number }> {
  const { data } = await api.auth.GET('/api/v3/credits/ledger', { params: { query: page } });
  if (!data) throw new Error('The ledger answer was empty');
  return { items: data.items, total: data.total };
}
