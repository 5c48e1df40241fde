import type { components } from '../../../../openapi/generated/marketplace.js';
import type { ApiClients } from '../../../api/index.ts';

export type Recording = components['schemas']['Recording'];
export type RecordingState = components['schemas']['RecordingState'];
export type OrderConversion = components['schemas']['OrderConversion'];
export type CreateOrderRequest = components['schemas']['CreateOrderRequest'];
export type OrderResponse = components['schemas']['OrderResponse'];

function body<T>(data: T | undefined): T {
  if (data === undefined) throw new Error('The server answered without a body');
  return data;
}

/** POST /api/v2/orders: one original into several voices; the conversions come back queued. */
export async function createOrder(api: ApiClients, request: CreateOrderRequest): Promise<OrderResponse> {
  const { data } = await api.marketplace.POST('/api/v2/orders', { body: request });
  return body(data);
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
