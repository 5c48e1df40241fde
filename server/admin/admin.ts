import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { components } from '../../openapi/generated/auth.js';
import { groups, userGroups, users } from '../db/schema.ts';
import { notFound } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { callerId, changedUser } from '../identity/current-user.ts';
import { writeAudit } from './audit.ts';
import { groupUserCount, loadUserView, loadUserViews } from '../identity/user-view.ts';

/**
 * Admin calls (SPEC.md section 6): list and search users and groups, resolve owners for sharing, set a
 * user's trust level. Only the admin role may call them: the contract says so (`x-roles: [admin]`) and
 * every other caller gets 403 before any handler runs (platform/security.ts checkAccess).
 * Deleted accounts are not listed, found or changed.
 */

type UserSort = components['schemas']['UserSort'];

const DEFAULT_LIMIT = 40;
/** LIKE pattern for a case-insensitive substring search, with the user's % and _ taken literally. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const USER_SORT: Record<UserSort, SQL> = {
  created_at: sql`${users.createdAt}`,
  email: sql`${users.emailNormalized}`,
  username: sql`${users.username}`,
  last_name: sql`lower(${users.lastName})`,
  t_level: sql`${users.tLevel}`,
};

/** Users matching `search` on e-mail, username, first, last or full name, without regard to case. */
function userSearch(search: string | undefined): SQL | undefined {
  const term = search?.trim();
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(
    ilike(users.email, pattern),
    ilike(users.username, pattern),
    ilike(users.firstName, pattern),
    ilike(users.lastName, pattern),
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
  );
}

/** GET /api/v3/users: one page of live users, sorted (created_at desc by default) and searched. */
export const listUsers: Handler<'listUsers'> = async (request) => {
  const { db } = request.server;
  const {
    limit = DEFAULT_LIMIT,
    offset = 0,
    sort = 'created_at',
    direction = 'desc',
    search,
    group_id,
  } = request.query;
  const inGroup = group_id
    ? sql`exists (select 1 from ${userGroups} ug where ug.user_id = ${users.id} and ug.group_id = ${group_id})`
    : undefined;
  const where = and(isNull(users.deletedAt), userSearch(search), inGroup);
  const order = direction === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      // The id settles ties, so a page boundary never shows one user twice or skips one.
      .orderBy(order(USER_SORT[sort]), order(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { total: Number(total?.n ?? 0), offset, limit, items: await loadUserViews(db, rows) };
};

/** GET /api/v3/users/{id} */
export const getUser: Handler<'getUser'> = async (request) => {
  const user = await loadUserView(request.server.db, request.params.id);
  if (!user) throw notFound('No such user.');
  return user;
};

/** GET /api/v3/groups: one page of groups by name, each with its number of live members. */
export const listGroups: Handler<'listGroups'> = async (request) => {
  const { db } = request.server;
  const { limit = DEFAULT_LIMIT, offset = 0, search } = request.query;
  const term = search?.trim();
  const where = term ? ilike(groups.name, containsPattern(term)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: groups.id, name: groups.name, userCount: groupUserCount() })
      .from(groups)
      .where(where)
      .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(groups).where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    offset,
    limit,
    items: rows.map((g) => ({ id: g.id, name: g.name, user_count: Number(g.userCount) })),
  };
};

/** POST /api/v3/owners: the public part of the users named, in the order asked; unknown ids are left out. */
export const getOwners: Handler<'getOwners'> = async (request) => {
  const { ids } = request.body;
  const rows = await request.server.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
    })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []) };
};

/** PATCH /api/v3/{userId}/trust: sets t_level (audited, before → after) and tells the user's open tabs (user.updated). */
export const setTrustLevel: Handler<'setTrustLevel'> = async (request) => {
  const { userId } = request.params;
  const actorId = callerId(request);
  const tLevel = request.body.t_level;
  const changed = await request.server.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ tLevel: users.tLevel })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update');
    if (!before) return false;
    await tx.update(users).set({ tLevel }).where(eq(users.id, userId));
    await writeAudit(tx, {
      actorId,
      action: 'user.trust_level',
      targetUserId: userId,
      subjectType: 'user',
      subjectId: userId,
      before: { t_level: before.tLevel },
      after: { t_level: tLevel },
    });
    return true;
  });
  if (!changed) throw notFound('No such user.');
  return changedUser(request, userId);
};
