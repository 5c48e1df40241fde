import type { Handler } from '../platform/handlers.ts';
import { trackingEvents } from '../db/schema.ts';

/**
 * POST /api/v3/events: first-party usage events and page views, stored for the statistics pages.
 * Admins are excluded from event tracking (SPEC.md section 6), so their events are accepted and dropped.
 */
export const trackEvent: Handler<'trackEvent'> = async (request, reply) => {
  const user = request.auth?.user;
  if (!user?.roles.includes('admin')) {
    const body = request.body;
    await request.server.db.insert(trackingEvents).values({
      userId: user?.id ?? null,
      distinctId: body.distinct_id ?? null,
      event: body.event,
      properties: (body.properties ?? {}) as Record<string, never>,
      page: body.page ?? null,
      origin: body.origin ?? null,
      signedIn: body.signed_in ?? Boolean(user),
      source: 'app',
    });
  }
  return reply.code(204).send();
};
