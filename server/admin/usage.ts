import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../openapi/generated/marketplace.js';
import { query, type Db } from '../platform/db.ts';
import type { Handler } from '../platform/handlers.ts';

type Schemas = components['schemas'];
type UsageSort = Schemas['UserUsageSort'];
type UsageRow = Schemas['UserUsageRow'];
type Direction = 'asc' | 'desc';

/**
 * POST /api/stats/users (admins only, `x-roles: [admin]`): every live user's usage, one page at a time,
 * in ONE statement whatever the page size — the per-user totals come from two grouped scans (recordings,
 * projects with their folders), never a query per row. Counted like GET /api/stats: live recordings in
 * live projects; minutes are finished conversions' seconds; TTS characters are TTS originals' text.
 */

const SORT: Record<UsageSort, string> = {
  username: 'u.username',
  email: 'u.email_normalized',
  projects: 'coalesce(pj.projects, 0)',
  originals: 'coalesce(rc.originals, 0)',
  conversions: 'coalesce(rc.conversions, 0)',
  seconds_converted: 'coalesce(rc.seconds_converted, 0)',
  tts_characters: 'coalesce(rc.tts_characters, 0)',
  storage_bytes: 'coalesce(rc.storage_bytes, 0)',
  last_activity_at: 'greatest(u.last_login_at, rc.last_recording_at)',
};

export interface UsageQuery {
  limit: number;
  offset: number;
  sort: UsageSort;
  direction: Direction;
  ownerIds?: string[];
}

interface Raw {
  total: number | string;
  user_id: string | null;
  username: string;
  email: string;
  projects: number | string;
  folders: number | string;
  originals: number | string;
  conversions: number | string;
  seconds_converted: number | string;
  tts_characters: number | string;
  storage_bytes: number | string;
  last_activity_at: Date | string | null;
  plan_name: string | null;
  plan_category: string | null;
  plan_status: string | null;
}

/** One page of usage rows and the number of live users matched (the page may be empty past the end). */
export async function usagePage(db: Db, q: UsageQuery): Promise<{ total: number; items: UsageRow[] }> {
  const dir = sql.raw(q.direction === 'asc' ? 'asc' : 'desc');
  // Users without a figure sort last whichever way the column goes.
  const order: SQL = sql`${sql.raw(SORT[q.sort])} ${dir} nulls last, u.id ${dir}`;
  const only = q.ownerIds ? sql`and u.id = any(${toArray(q.ownerIds)}::uuid[])` : sql``;
  // Sorted by a column of users, the page's users are known before any total: only theirs are summed.
  const byUser = q.sort === 'username' || q.sort === 'email';
  const pageUsers = byUser
    ? sql`pu as (select u.id from users u where u.deleted_at is null ${only} order by ${order} limit ${q.limit} offset ${q.offset}),`
    : sql``;
  const ownerIn = (column: string) =>
    byUser
      ? sql`and ${sql.raw(column)} in (select id from pu)`
      : q.ownerIds
        ? sql`and ${sql.raw(column)} = any(${toArray(q.ownerIds)}::uuid[])`
        : sql``;
  const onlyRec = ownerIn('r.owner_id');
  const onlyProj = ownerIn('p.owner_id');
  const rows = await query<Raw>(
    db,
    sql`
      with ${pageUsers} rc as (
        select r.owner_id,
          count(*) filter (where r.type = 'original') as originals,
          count(*) filter (where r.type = 'conversion') as conversions,
          sum(r.duration) filter (where r.type = 'conversion' and r.state = 'done') as seconds_converted,
          sum(char_length(r.text)) filter (where r.type = 'original' and r.tts) as tts_characters,
          sum(r.size) as storage_bytes,
          max(r.created_at) as last_recording_at
        from recordings r join projects p on p.id = r.project_id
        where r.deleted_at is null and p.deleted_at is null ${onlyRec}
        group by r.owner_id
      ),
      pj as (
        select p.owner_id, count(distinct p.id) as projects, count(f.id) as folders
        from projects p left join folders f on f.project_id = p.id and f.deleted_at is null
        where p.deleted_at is null ${onlyProj}
        group by p.owner_id
      ),
      matched as (select u.id from users u where u.deleted_at is null ${only}),
      page as (
        select row_number() over (order by ${order}) as pos,
          u.id as user_id, u.username, u.email,
          coalesce(pj.projects, 0)::int as projects,
          coalesce(pj.folders, 0)::int as folders,
          coalesce(rc.originals, 0)::int as originals,
          coalesce(rc.conversions, 0)::int as conversions,
          coalesce(rc.seconds_converted, 0)::float8 as seconds_converted,
          coalesce(rc.tts_characters, 0)::bigint as tts_characters,
          coalesce(rc.storage_bytes, 0)::bigint as storage_bytes,
          greatest(u.last_login_at, rc.last_recording_at) as last_activity_at,
          sp.name as plan_name, sp.category::text as plan_category, s.status::text as plan_status
        from users u
          left join rc on rc.owner_id = u.id
          left join pj on pj.owner_id = u.id
          left join subscriptions s on s.user_id = u.id and s.status is not null
          left join subscription_prices sp on sp.id = s.price_id
        where u.deleted_at is null ${only} ${byUser ? sql`and u.id in (select id from pu)` : sql``}
        order by ${order}
        limit ${q.limit} offset ${byUser ? 0 : q.offset}
      )
      select (select count(*) from matched) as total, page.*
      from (select 1) as one left join page on true
      order by page.pos`,
  );
  const total = Number(rows[0]?.total ?? 0);
  const items = rows.flatMap((r): UsageRow[] =>
    r.user_id === null
      ? []
      : [
          {
            user_id: r.user_id,
            username: r.username,
            email: r.email,
            projects: Number(r.projects),
            folders: Number(r.folders),
            originals: Number(r.originals),
            conversions: Number(r.conversions),
            seconds_converted: Number(r.seconds_converted),
            tts_characters: Number(r.tts_characters),
            storage_bytes: Number(r.storage_bytes),
            last_activity_at: r.last_activity_at === null ? null : new Date(r.last_activity_at).toISOString(),
            plan:
              r.plan_name && r.plan_category && r.plan_status
                ? {
                    name: r.plan_name,
                    category: r.plan_category as NonNullable<UsageRow['plan']>['category'],
                    status: r.plan_status as NonNullable<UsageRow['plan']>['status'],
                  }
                : null,
          },
        ],
  );
  return { total, items };
}

/** A uuid[] literal for `= any(...)`: the ids are uuids already (the contract validated them). */
const toArray = (ids: string[]) => `{${ids.join(',')}}`;

export const getUsersStats: Handler<'getUsersStats'> = async (request) => {
  const { limit = 40, offset = 0, sort = 'seconds_converted', direction = 'desc', owner_ids } = request.body;
  const page = await usagePage(request.server.db, { limit, offset, sort, direction, ownerIds: owner_ids });
  return { ...page, limit, offset };
};
