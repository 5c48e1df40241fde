import type { components } from '../../../openapi/generated/auth.js';
import type { ApiClients } from '../../api/index.ts';
import { googleClientId } from './google-tag.ts';

export type GoogleTrackingEvent = components['schemas']['GoogleTrackingEvent'];

/**
 * POST /api/v3/events/google with the tracking header granted: only ever called for a consenting guest (the
 * consent rule's `googleEvents`), with the tag's client id when the tag has set one. A lost event is not worth
 * the visitor's attention.
 */
export function sendGoogleEvent(
  api: ApiClients,
  event: GoogleTrackingEvent,
  cookie: string = globalThis.document?.cookie ?? '',
): Promise<unknown> {
  const googleId = googleClientId(cookie);
  return api.auth
    .POST('/api/v3/events/google', {
      params: { header: { 'X-Tracking-Consent': 'granted' } },
      body: googleId ? { ...event, google_id: googleId } : event,
    })
    .catch(() => undefined);
}
