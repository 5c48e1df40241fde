import { sql } from 'drizzle-orm';
import { query } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';

/**
 * The funnel's steps in order. Each is the usage event of the same name the app reports where it happens
 * (src/shared/analytics), but for first_upload: a visitor's first `upload_finished`.
 */
export const FUNNEL_STEPS = [
  'sign_up',
  'verified',
  'trial_started',
  'first_upload',
  'order_placed',
  'conversion_finished',
  'checkout_started',
  'subscribed',
] as const;

const eventOf = (step: (typeof FUNNEL_STEPS)[number]) => (step === 'first_upload' ? 'upload_finished' : step);

/** Today in UTC, whatever the session's time zone. */
const today = sql`(now() at time zone 'UTC')::date`;

/** First-party events of the window, never an admin's (dropped on arrival; also left out here for accounts made admin later). */
const counted = (days: number) => sql`
  from tracking_events e
  left join users u on u.id = e.user_id
  where e.source = 'app'
    and e.created_at >= ((${today} - ${days - 1}::int)::timestamp at time zone 'UTC')
    and not coalesce('admin' = any(u.roles), false)`;

/** GET /api/v3/events/summary: page views per day (one query) and the funnel's distinct visitors per step (one query). */
export const getEventsSummary: Handler<'getEventsSummary'> = async (request) => {
  const { db } = request.server;
  const days = request.query.days ?? 30;
  const [pageViews, funnel] = await Promise.all([
    query<{ date: string; count: number }>(
      db,
      sql`
        with views as (
          select (e.created_at at time zone 'UTC')::date as day, count(*)::int as n
          ${counted(days)} and e.event = 'page_view'
          group by 1)
        select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(v.n, 0)::int as count
        from generate_series((${today} - ${days - 1}::int)::timestamp, ${today}::timestamp, interval '1 day') as d(day)
        left join views v on v.day = d.day::date
        order by d.day`,
    ),
    query<{ event: string; count: number }>(
      db,
      sql`
        select e.event, count(distinct coalesce(e.user_id::text, e.distinct_id))::int as count
        ${counted(days)} and e.event in (${sql.join(
          FUNNEL_STEPS.map((step) => sql`${eventOf(step)}`),
          sql`, `,
        )})
        group by e.event`,
    ),
  ]);
  const byEvent = new Map(funnel.map((row) => [row.event, Number(row.count)]));
  return {
    days,
    page_views: pageViews.map((row) => ({ date: row.date, count: Number(row.count) })),
    funnel: FUNNEL_STEPS.map((step) => ({ step, count: byEvent.get(eventOf(step)) ?? 0 })),
  };
};

/**
 * GET /api/v3/users/{id}/events: the account's latest first-party events, newest first (404 for no such user),
 * with the events they sent as a guest from the same browser (joined by the analytics id their signed-in
 * events carry), so the list starts where their journey did.
 */
export const listUserEvents: Handler<'listUserEvents'> = async (request) => {
  const { db } = request.server;
  const limit = request.query.limit ?? 50;
  const [user] = await query<{ id: string }>(
    db,
    sql`select id from users where id = ${request.params.id} and deleted_at is null`,
  );
  if (!user) throw notFound('No such user.');
  const items = await query<{
    id: number;
    event: string;
    page: string | null;
    origin: string | null;
    signed_in: boolean;
    properties: Record<string, unknown>;
    created_at: string;
  }>(
    db,
    sql`
      select id::int as id, event, page, origin, signed_in, properties,
        to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from tracking_events
      where source = 'app'
        and (user_id = ${user.id}
          or (user_id is null and distinct_id in (
            select distinct distinct_id from tracking_events where user_id = ${user.id} and distinct_id is not null)))
      order by created_at desc, id desc
      limit ${limit}`,
  );
  return { items };
};
