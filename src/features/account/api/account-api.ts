import type { components } from '../../../../openapi/generated/auth.js';
import type { components as MarketplaceComponents } from '../../../../openapi/generated/marketplace.js';
import { body, isApiError, type ApiClients } from '../../../api/index.ts';
import type { User } from '../../../machines/index.ts';

export type AdvancedSettings = components['schemas']['AdvancedSettings'];
export type NotificationSettings = components['schemas']['NotificationSettings'];
export type SettingsRequest = components['schemas']['SettingsRequest'];
export type ApiKey = components['schemas']['ApiKey'];
export type CreatedApiKey = components['schemas']['CreatedApiKey'];
export type LedgerEntry = components['schemas']['CreditLedgerEntry'];
export type UserStats = MarketplaceComponents['schemas']['UserStats'];

/** PUT /api/v3/settings: the parts sent are merged into the user's data; answers the updated user. */
export async function saveSettings(api: ApiClients, settings: SettingsRequest): Promise<User> {
  const { data } = await api.auth.PUT('/api/v3/settings', { body: settings });
  return body(data);
}

/** PUT /api/v3/local-storage: replaces the preferences kept with the account; answers the updated user. */
export async function saveLocalStorage(api: ApiClients, localStorage: Record<string, unknown>): Promise<User> {
  const { data } = await api.auth.PUT('/api/v3/local-storage', { body: { local_storage: localStorage } });
  return body(data);
}

/** GET /api/v3/api-key: the key's prefix and dates, or null when the user has none (404). */
export async function getApiKey(api: ApiClients): Promise<ApiKey | null> {
  try {
    const { data } = await api.auth.GET('/api/v3/api-key');
    return body(data);
  } catch (error) {
    // The shared middleware rejects every error status; 404 is the contract's "no key".
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}

/** POST /api/v3/api-key: a new key (the previous one stops working); its secret is only in this answer. */
export async function createApiKey(api: ApiClients, expiresAt: string | null): Promise<CreatedApiKey> {
  const { data } = await api.auth.POST('/api/v3/api-key', { body: { expires_at: expiresAt } });
  return body(data);
}

/** DELETE /api/v3/api-key: revokes the key at once. */
export async function revokeApiKey(api: ApiClients): Promise<void> {
  await api.auth.DELETE('/api/v3/api-key');
}

/** DELETE /api/v3/profile: deletes the account and ends every session. */
export async function deleteProfile(api: ApiClients): Promise<void> {
  await api.auth.DELETE('/api/v3/profile');
}

/** What the provideFeedback and getHelp modals send. */
export interface FeedbackInput {
  type: 'feedback' | 'help';
  topic: string;
  name?: string;
  email?: string;
  description: string;
  files: readonly File[];
}

/** POST /api/v3/feedback as multipart: the named fields, then each attachment as `files`. */
export async function sendFeedback(api: ApiClients, input: FeedbackInput): Promise<string> {
  const { files, ...fields } = input;
  const { data } = await api.auth.POST('/api/v3/feedback', {
    body: fields,
    bodySerializer: () => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) if (value) form.append(key, value);
      for (const file of files) form.append('files', file, file.name);
      return form;
    },
  });
  return body(data).detail;
}

/** POST /api/v3/surveys/nps: the 0–10 score and an optional comment. */
export async function submitNps(api: ApiClients, score: number, comment: string): Promise<void> {
  await api.auth.POST('/api/v3/surveys/nps', { body: comment.trim() ? { score, comment: comment.trim() } : { score } });
}

/** GET /api/stats: the caller's totals, and their conversions per voice over the last `days` days (or all). */
export async function getStats(api: ApiClients, days?: number): Promise<UserStats> {
  const { data } = await api.marketplace.GET('/api/stats', days === undefined ? {} : { params: { query: { days } } });
  return body(data);
}

const LEDGER_PAGE = 100;
/** At most this many ledger pages are read for the statistics (10 000 entries). */
const LEDGER_MAX_PAGES = 100;

/** The credit ledger's entries since `since` (ms), newest first, read page by page until older ones start. */
export async function ledgerSince(api: ApiClients, since: number): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  for (let page = 0; page < LEDGER_MAX_PAGES; page++) {
    const { data } = await api.auth.GET('/api/v3/credits/ledger', {
      params: { query: { offset: page * LEDGER_PAGE, limit: LEDGER_PAGE } },
    });
    const { items, total } = body(data);
    for (const item of items) {
      if (Date.parse(item.created_at) < since) return entries;
      entries.push(item);
    }
    if ((page + 1) * LEDGER_PAGE >= total || items.length === 0) break;
  }
  return entries;
}

/** POST /api/v3/forgot-password for the user's own address: the e-mail with a link to choose a new password. */
export async function sendPasswordLink(api: ApiClients, email: string): Promise<void> {
  await api.auth.POST('/api/v3/forgot-password', { body: { email } });
}

/** POST /api/v3/tou: records that the user accepted the Terms of Use and the Acceptable Use Policy. */
export async function acceptTermsOfUse(api: ApiClients): Promise<User> {
  const { data } = await api.auth.POST('/api/v3/tou');
  return body(data);
}
