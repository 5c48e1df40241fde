import { desc, sql } from 'drizzle-orm';
import { errorReports } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { errorEventsOf, parseEnvelope, type ErrorEvent } from './envelope.ts';

/**
 * Adds events to their groups: a new fingerprint makes a row, a known one counts one more and keeps the
 * latest event's id, stack, route and user. The user is linked only when the account exists (a deleted or
 * made-up id is kept out, the foreign key would refuse it).
 */
export async function recordErrorEvents(db: Db, events: ErrorEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.transaction(async (tx) => {
    for (const e of events) {
      const user = e.userId ? sql`(select id from users where id = ${e.userId})` : sql`null`;
      await tx
        .insert(errorReports)
        .values({
          fingerprint: e.fingerprint,
          platform: e.platform,
          type: e.type,
          message: e.message,
          stack: e.stack,
          route: e.route,
          release: e.release,
          environment: e.environment,
          level: e.level,
          lastEventId: e.eventId,
          lastUserId: user,
        })
        .onConflictDoUpdate({
          target: errorReports.fingerprint,
          set: {
            count: sql`${errorReports.count} + 1`,
            lastSeen: sql`now()`,
            lastEventId: sql`excluded.last_event_id`,
            stack: sql`coalesce(excluded.stack, ${errorReports.stack})`,
            route: sql`coalesce(excluded.route, ${errorReports.route})`,
            level: sql`excluded.level`,
            lastUserId: sql`coalesce(excluded.last_user_id, ${errorReports.lastUserId})`,
          },
        });
    }
  });
}

/** Where envelopes go besides the local store (Sentry, with SENTRY_DSN). */
export type Forward = (body: Buffer) => Promise<void>;

/**
 * One envelope from a Sentry SDK (the app's through the tunnel, the server's through its transport): parsed
 * whole first (a malformed one throws EnvelopeError and nothing is stored), its error events stored, then
 * forwarded unchanged when a forward is given. The local copy is committed before forwarding, so a failing
 * Sentry loses nothing here.
 */
export async function receiveEnvelope(
  db: Db,
  body: Buffer,
  forward?: Forward,
): Promise<{ eventId: string | null; stored: number; forwarded?: Promise<void> }> {
  const envelope = parseEnvelope(body);
  const events = errorEventsOf(envelope);
  await recordErrorEvents(db, events);
  const eventId = typeof envelope.header.event_id === 'string' ? envelope.header.event_id : null;
  return { eventId, stored: events.length, ...(forward ? { forwarded: forward(body) } : {}) };
}

/** One page of groups, most recently seen first. */
export async function listErrorGroups(db: Db, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(errorReports)
      .orderBy(desc(errorReports.lastSeen), desc(errorReports.firstSeen))
      .limit(limit)
      .offset(offset),
    db.select({ count: sql<number>`count(*)::int` }).from(errorReports),
  ]);
  return { total: Number(total?.count ?? 0), rows };
}
