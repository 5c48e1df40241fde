import type { components } from '../../../../openapi/generated/marketplace.js';
import { ApiError, body, type ApiClients } from '../../../api/index.ts';
import { trackUsage } from '../../../shared/analytics/usage-events.ts';

export type Recording = components['schemas']['Recording'];
export type RecordingPage = components['schemas']['RecordingPage'];
export type RecordingState = components['schemas']['RecordingState'];
export type OrderConversion = components['schemas']['OrderConversion'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];
export type OrderResponse = components['schemas']['OrderResponse'];
export type Project = components['schemas']['Project'];

/** POST /api/v2/orders: one original into several voices; the conversions come back queued. */
export async function createOrder(api: ApiClients, request: CreateOrderRequest): Promise<OrderResponse> {
  const { data } = await api.marketplace.POST('/api/v2/orders', { body: request });
  const order = body(data);
  trackUsage('order_placed');
  return order;
}

/** POST /api/v2/orders/retry/{id}: a failed or cancelled conversion, queued again. */
export async function retryConversion(api: ApiClients, id: string): Promise<Recording> {
  const { data } = await api.marketplace.POST('/api/v2/orders/retry/{id}', { params: { path: { id } } });
  return body(data);
}

/** DELETE /api/recordings/{id}: stops a conversion still queued or processing (and removes it). */
export async function cancelConversion(api: ApiClients, id: string): Promise<void> {
  await api.marketplace.DELETE('/api/recordings/{id}', { params: { path: { id }, query: { hard_delete: false } } });
}

/** DELETE /api/recordings/{id}: a conversion, soft or permanently (`hard_delete`). */
export async function deleteConversion(api: ApiClients, id: string, permanent: boolean): Promise<void> {
  await api.marketplace.DELETE('/api/recordings/{id}', {
    params: { path: { id }, query: { hard_delete: permanent } },
  });
}

/**
 * POST /api/recordings/conversion-count: how many conversions of the original exist into each of the voices
 * (0 for none), by voice id.
 */
export async function getConversionCounts(
  api: ApiClients,
  originalId: string,
  voiceIds: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<Record<string, number>> {
  if (voiceIds.length === 0) return {};
  const { data } = await api.marketplace.POST('/api/recordings/conversion-count', {
    body: { original_id: originalId, voice_ids: [...new Set(voiceIds)] },
    signal: options.signal,
  });
  return body(data).counts;
}

/** SPEC.md section 9: conversions are listed 40 a page. */
export const CONVERSIONS_PAGE_SIZE = 40;

/** GET /api/recordings/conversions: one page of an original's conversions, by updated_at (newest first). */
export async function listConversions(
  api: ApiClients,
  originalId: string,
  page: { offset: number; limit?: number } = { offset: 0 },
  options: { signal?: AbortSignal } = {},
): Promise<RecordingPage> {
  const { data } = await api.marketplace.GET('/api/recordings/conversions', {
    signal: options.signal,
    params: {
      query: {
        original_id: originalId,
        offset: page.offset,
        limit: page.limit ?? CONVERSIONS_PAGE_SIZE,
        direction: 'desc',
      },
    },
  });
  return body(data);
}

/** POST /api/recordings/{id}/conversion-issue: a problem with a conversion, for the support team. */
export async function reportConversionIssue(api: ApiClients, id: string, description: string): Promise<void> {
  await api.marketplace.POST('/api/recordings/{id}/conversion-issue', {
    params: { path: { id } },
    body: { description },
  });
}

/** GET /api/projects/{id}: the project, for its app route (`url`, /{ownerName}/{projectSlug}). */
export async function getProject(api: ApiClients, id: string): Promise<Project> {
  const { data } = await api.marketplace.GET('/api/projects/{id}', { params: { path: { id } } });
  return body(data);
}

const CONVERSION_FIELD = /^body\/conversions\/(\d+)(?:\/([a-z_]+))?/;

/**
 * Where a refused order (422) points in its conversions: `field` (or the first of `errors`) like
 * body/conversions/1/voice_id gives the index 1, the field voice_id and the message. Null when it names no
 * conversion.
 */
export function conversionErrorOf(error: unknown): { index: number; field: string | null; message: string } | null {
  if (!(error instanceof ApiError) || error.statusCode !== 422) return null;
  const listed = (error.body as { errors?: unknown } | undefined)?.errors;
  const candidates: { field: string; message: string }[] = [];
  if (error.field) candidates.push({ field: error.field, message: error.message });
  if (Array.isArray(listed)) {
    for (const item of listed) {
      const { field, message } = (item ?? {}) as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string') candidates.push({ field, message });
    }
  }
  for (const candidate of candidates) {
    const match = CONVERSION_FIELD.exec(candidate.field);
    if (match) return { index: Number(match[1]), field: match[2] ?? null, message: candidate.message };
  }
  return null;
}

/** PATCH /api/recordings/{id}: a conversion's label (a name under SPEC.md's rule); answers it as stored. */
export async function renameConversion(api: ApiClients, id: string, label: string): Promise<Recording> {
  const { data } = await api.marketplace.PATCH('/api/recordings/{id}', { params: { path: { id } }, body: { label } });
  return body(data);
}

/** GET /api/recordings/{id}: one recording (an original, for its name). */
export async function getRecording(api: ApiClients, id: string): Promise<Recording> {
  const { data } = await api.marketplace.GET('/api/recordings/{id}', { params: { path: { id } } });
  return body(data);
}
