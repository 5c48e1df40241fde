import type { Handler } from '../platform/handlers.ts';
import type { Db } from '../platform/db.ts';
import { and, eq, sql } from 'drizzle-orm';
import { groups, trackingEvents, userGroups } from '../db/schema.ts';
import type { ApiUser } from './user-view.ts';

/**
 * POST /api/v3/events: first-party usage events and page views, stored for the statistics pages: one event,
 * or the app's batch (sent with sendBeacon when the page is hidden, so without the CSRF header, which this
 * call does not ask for). Admins are excluded from event tracking (SPEC.md section 6), so their events are
 * accepted and dropped; staff usage is tracked like everyone's (SPEC.md section 9) and flagged: the events of
 * a member of the staff group (STAFF_GROUP) carry `staff: true` in their properties, so reports can tell the
 * team's own use from customers'.
 */
export const trackEvent: Handler<'trackEvent'> = async (request, reply) => {
  const user = request.auth?.user;
  if (!user?.roles.includes('admin')) {
    const events = Array.isArray(request.body) ? request.body : [request.body];
    const staff = user ? await isStaff(request.server.db, user.id, request.server.config.staffGroup) : false;
    await request.server.db.insert(trackingEvents).values(
      events.map((body) => ({
        userId: user?.id ?? null,
        distinctId: body.distinct_id ?? null,
        event: body.event,
        properties: { ...body.properties, ...(staff ? { staff: true } : {}) } as Record<string, never>,
        page: body.page ?? null,
        origin: body.origin ?? null,
        signedIn: body.signed_in ?? Boolean(user),
        source: 'app' as const,
      })),
    );
  }
  return reply.code(204).send();
};

/** Whether the user belongs to the staff group (its name compared without case). */
async function isStaff(db: Db, userId: string, staffGroup: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, userId), sql`lower(${groups.name}) = lower(${staffGroup})`))
    .limit(1);
  return row !== undefined;
}

/**
 * POST /api/v3/events/google: events for the analytics provider, kept in tracking_events with source
 * 'google' (the visitor's google_id as their distinct id) for the provider's server-side forwarding.
 * Without X-Tracking-Consent: granted they are accepted and dropped, and so are admins' events.
 */
export const trackGoogleEvent: Handler<'trackGoogleEvent'> = async (request, reply) => {
  const user = request.auth?.user;
  const consent = request.headers['x-tracking-consent'] === 'granted';
  if (consent && !user?.roles.includes('admin')) {
    const body = request.body;
    await request.server.db.insert(trackingEvents).values({
      userId: user?.id ?? null,
      distinctId: body.google_id ?? null,
      event: body.event,
      properties: (body.properties ?? {}) as Record<string, never>,
      page: body.page ?? null,
      origin: body.origin ?? null,
      signedIn: body.signed_in ?? Boolean(user),
      source: 'google',
    });
  }
  return reply.code(204).send();
};

/**
 * Ties the visitor's analytics distinct_id (sent with login and sign-up) to the account, as a first-party
 * 'login' or 'sign_up' event, so events before and after signing in are joined. Admins are not tracked.
 */
export async function recordAccountEvent(
  db: Db,
  user: Pick<ApiUser, 'id' | 'roles'>,
  event: 'login' | 'sign_up',
  distinctId: string | undefined,
): Promise<void> {
  if (!distinctId || user.roles.includes('admin')) return;
  await db.insert(trackingEvents).values({ userId: user.id, distinctId, event, signedIn: true, source: 'app' });
}
