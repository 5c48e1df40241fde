import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { folders, models, projectCounts, projects, recordings, users, type Project } from '../db/schema.ts';
import { isUniqueViolation, query, queryPrepared, type Db } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import { slugify } from './names.ts';
import {
  containsPattern,
  DEFAULT_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  unprocessable,
  type Page,
  type PageQuery,
  type Schemas,
} from './shared.ts';

export type ApiProject = Schemas['Project'];
export type ProjectStats = Schemas['ProjectStats'];
export type ProjectSort = 'last_recording_at' | 'created_at' | 'updated_at' | 'name';
export type ProjectState = 'active' | 'empty' | 'deleted';

type ProjectRow = Project & { ownerName: string };

const EMPTY_STATS: ProjectStats = { folders: 0, originals: 0, conversions: 0, duration: 0, size: 0 };

const hasNoLiveRecording = sql`not exists (select 1 from ${recordings} where ${recordings.projectId} = ${projects.id} and ${recordings.deletedAt} is null)`;

function stateFilter(state: ProjectState): SQL | undefined {
  if (state === 'deleted') return isNotNull(projects.deletedAt);
  if (state === 'empty') return and(isNull(projects.deletedAt), hasNoLiveRecording);
  return isNull(projects.deletedAt);
}

function orderOf(sort: ProjectSort, direction: 'asc' | 'desc'): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  switch (sort) {
    case 'last_recording_at':
      // Projects that never had a recording come last whichever way the list is turned.
      return [
        sql`${projects.lastRecordingAt} ${sql.raw(direction)} nulls last`,
        dir(projects.createdAt),
        dir(projects.id),
      ];
    case 'created_at':
      return [dir(projects.createdAt), dir(projects.id)];
    case 'name':
      return [dir(sql`lower(${projects.name})`), dir(projects.id)];
    default:
      return [dir(projects.updatedAt), dir(projects.id)];
  }
}

const projectColumns = {
  id: projects.id,
  ownerId: projects.ownerId,
  name: projects.name,
  slug: projects.slug,
  models: projects.models,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
  lastRecordingAt: projects.lastRecordingAt,
  deletedAt: projects.deletedAt,
  ownerName: users.username,
};

/**
 * Statistics of the given projects of one owner, over their live folders and recordings (one query).
 * EXPLAIN (PostgreSQL 15, a page of 40 of 10k projects), per project, from indexes alone:
 *   Index Only Scan using recordings_live_project_stats_idx on recordings (loops=40)
 *   Index Only Scan using folders_live_name_idx on folders f (loops=40)
 */
export async function projectStats(db: Db, ownerId: string, ids: string[]): Promise<Map<string, ProjectStats>> {
  const stats = new Map<string, ProjectStats>();
  if (ids.length === 0) return stats;
  const rows = await query<{
    id: string;
    folders: number;
    originals: number;
    conversions: number;
    duration: number;
    size: number;
  }>(
    db,
    sql`
      select p.id,
        (select count(*) from ${folders} f where f.project_id = p.id and f.deleted_at is null)::int as folders,
        coalesce(r.originals, 0)::int as originals,
        coalesce(r.conversions, 0)::int as conversions,
        coalesce(r.duration, 0)::float8 as duration,
        coalesce(r.size, 0)::float8 as size
      from ${projects} p
      left join lateral (
        select count(*) filter (where type = 'original') as originals,
          count(*) filter (where type = 'conversion') as conversions,
          sum(duration) filter (where type = 'original' or state = 'done') as duration, sum(size) as size
        from ${recordings}
        where project_id = p.id and owner_id = ${ownerId} and deleted_at is null
      ) r on true
      where p.owner_id = ${ownerId} and p.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  );
  for (const r of rows) {
    stats.set(r.id, {
      folders: Number(r.folders),
      originals: Number(r.originals),
      conversions: Number(r.conversions),
      duration: Number(r.duration),
      size: Math.round(Number(r.size)),
    });
  }
  return stats;
}

/** The API's Project for rows of one owner: with their live folders and statistics. */
async function toApiProjects(db: Db, ownerId: string, rows: ProjectRow[]): Promise<ApiProject[]> {
  const ids = rows.map((r) => r.id);
  const [stats, folderRows] = await Promise.all([
    projectStats(db, ownerId, ids),
    ids.length
      ? db
          .select({
            id: folders.id,
            projectId: folders.projectId,
            name: folders.name,
            parentId: folders.parentId,
            active: folders.active,
          })
          .from(folders)
          .where(and(inArray(folders.projectId, ids), isNull(folders.deletedAt)))
          .orderBy(asc(folders.createdAt), asc(folders.id))
      : [],
  ]);
  const foldersOf = Map.groupBy(folderRows, (f) => f.projectId);
  return rows.map((row) => ({
    id: row.id,
    owner: row.ownerId,
    owner_name: row.ownerName,
    name: row.name,
    slug: row.slug,
    url: `/${row.ownerName}/${row.slug}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_recording_at: row.lastRecordingAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    folders: (foldersOf.get(row.id) ?? []).map((f) => ({
      id: f.id,
      name: f.name,
      parent_id: f.parentId,
      active: f.active,
    })),
    stats: stats.get(row.id) ?? { ...EMPTY_STATS },
    models: row.models,
  }));
}

async function selectProjects(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select(projectColumns)
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/**
 * One page of projects, found in two steps in one statement: the page's ids first, from the index of its
 * sort alone (an offset of 5000 skips 5000 index entries, not 5000 joined rows), then the rest of each
 * of those rows. EXPLAIN (PostgreSQL 15, 10k projects, sort=name, offset 5000):
 *   Limit -> Index Only Scan using projects_live_name_idx on projects (rows=5040, Heap Fetches: 0)
 *   then Index Scan using projects_pkey on projects p (loops=40) — 1.1 ms, was a Sort of all 10k rows (9.3 ms).
 */
async function pageOfProjects(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const page = db
    .select({ pageId: sql<string>`${projects.id}`.as('page_id') })
    .from(projects)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select(projectColumns)
    .from(page)
    .innerJoin(projects, eq(projects.id, page.pageId))
    .innerJoin(users, eq(users.id, projects.ownerId))
    .orderBy(...order);
}

async function countProjects(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(projects).where(where);
  return Number(row?.n ?? 0);
}

export interface ListProjectsQuery extends PageQuery {
  sort?: ProjectSort | undefined;
  state?: ProjectState | undefined;
}

/** An ISO 8601 UTC instant with milliseconds, as Date.toISOString() writes it (to_char's MS truncates, as Date does). */
const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

interface PageRow {
  total: number;
  id: string | null;
  owner: string;
  owner_name: string;
  name: string;
  slug: string;
  models: string[];
  created_at: string;
  updated_at: string;
  last_recording_at: string | null;
  deleted_at: string | null;
  folders: ApiProject['folders'];
  originals: number;
  conversions: number;
  duration: number;
  size: number;
}

/**
 * One page of the owner's projects with their live folders, statistics and the total, in one statement:
 * each statement is a round trip and the query building of its own, which cost far more in Node than the
 * database spends on all of them (bench/list.ts). The page's ids come first from the index of its sort
 * alone (an offset of 5000 skips 5000 index entries, not 5000 joined rows), then the rest of those 40 rows.
 * The total is the outer row (live and deleted counts from project_counts, kept by triggers on projects: one
 * row read, where counting reads every project), so a page past the end still answers it (a row of nulls).
 * EXPLAIN ANALYZE (PostgreSQL 15, 10k projects, bench/list.ts), the page's ids, per sort (SPEC.md section 2):
 *   updated_at desc (default)  Limit -> Index Only Scan Backward using projects_live_updated_at_idx (rows=40)
 *   created_at desc / asc      Limit -> Index Only Scan [Backward] using projects_live_created_at_idx (rows=40)
 *   last_recording_at desc     Limit -> Index Only Scan using projects_live_last_recording_at_idx (rows=40)
 *   name asc at offset 5000    Limit -> Index Only Scan using projects_live_name_idx (rows=5040) — 1.3 ms in all
 *   name desc                  Limit -> Index Only Scan Backward using projects_live_name_idx (rows=40)
 *   state=empty                Nested Loop Anti Join over projects_live_updated_at_idx (rows=44), its total a
 *                              Hash Anti Join of all live projects (2 ms at 10k: the one count not kept)
 *   then per row: Index Scan using projects_pkey (loops=40), folders by folders_live_name_idx (loops=40),
 *   Index Only Scan using recordings_live_project_stats_idx (loops=40); the total one row of project_counts.
 *   last_recording_at asc (nulls still last, no SPEC sort) is a top-N heapsort of the live rows (3.7 ms at 10k).
 */
export async function listProjects(db: Db, ownerId: string, query: ListProjectsQuery): Promise<Page<ApiProject>> {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const state = query.state ?? 'active';
  const where = and(eq(projects.ownerId, ownerId), stateFilter(state));
  const order = sql.join(orderOf(query.sort ?? 'updated_at', query.direction ?? 'desc'), sql`, `);
  const total =
    state === 'empty'
      ? sql`select count(*) from ${projects} where ${where}`
      : sql`select ${state === 'deleted' ? projectCounts.deleted : projectCounts.live} from ${projectCounts}
          where ${projectCounts.ownerId} = ${ownerId}`;
  // Parsed once per connection and text (db.ts, queryPrepared): one text per sort, direction and state.
  const rows = await queryPrepared<PageRow>(
    db,
    sql`
      select coalesce((${total}), 0)::int as total,
        ${projects.id} as id, ${projects.ownerId} as owner, ${users.username} as owner_name, ${projects.name} as name,
        ${projects.slug} as slug, ${projects.models} as models,
        ${isoOf(sql`${projects.createdAt}`)} as created_at, ${isoOf(sql`${projects.updatedAt}`)} as updated_at,
        ${isoOf(sql`${projects.lastRecordingAt}`)} as last_recording_at, ${isoOf(sql`${projects.deletedAt}`)} as deleted_at,
        coalesce((
          select json_agg(json_build_object('id', f.id, 'name', f.name, 'parent_id', f.parent_id, 'active', f.active)
            order by f.created_at, f.id)
          from ${folders} f where f.project_id = ${projects.id} and f.deleted_at is null
        ), '[]'::json) as folders,
        coalesce(r.originals, 0)::int as originals, coalesce(r.conversions, 0)::int as conversions,
        coalesce(r.duration, 0)::float8 as duration, round(coalesce(r.size, 0))::float8 as size
      from (select 1) as one
      left join (
        select ${projects.id} as page_id from ${projects} where ${where} order by ${order} limit ${limit} offset ${offset}
      ) as page on true
      left join ${projects} on ${projects.id} = page.page_id
      left join ${users} on ${users.id} = ${projects.ownerId}
      left join lateral (
        select count(*) filter (where type = 'original') as originals,
          count(*) filter (where type = 'conversion') as conversions,
          sum(duration) filter (where type = 'original' or state = 'done') as duration, sum(size) as size
        from ${recordings}
        where project_id = ${projects.id} and owner_id = ${ownerId} and deleted_at is null
      ) r on ${projects.id} is not null
      order by ${order}`,
  );
  const items = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      owner: r.owner,
      owner_name: r.owner_name,
      name: r.name,
      slug: r.slug,
      url: `/${r.owner_name}/${r.slug}`,
      created_at: r.created_at,
      updated_at: r.updated_at,
      last_recording_at: r.last_recording_at,
      deleted_at: r.deleted_at,
      folders: r.folders,
      stats: {
        folders: r.folders.length,
        originals: r.originals,
        conversions: r.conversions,
        duration: r.duration,
        size: r.size,
      },
      models: r.models,
    }));
  return { total: rows[0]?.total ?? 0, offset, limit, items };
}

export interface SearchProjectsQuery extends PageQuery {
  search?: string | undefined;
  sort?: ProjectSort | undefined;
}

/**
 * Live projects whose name contains `search`, most recently updated first unless `sort` and `direction` ask
 * for another of the project list's orders (search results keep the order the user chose for the list).
 */
export async function searchProjects(db: Db, ownerId: string, query: SearchProjectsQuery): Promise<Page<ApiProject>> {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? SEARCH_PAGE_SIZE;
  const where = and(
    eq(projects.ownerId, ownerId),
    isNull(projects.deletedAt),
    query.search ? ilike(projects.name, containsPattern(query.search)) : undefined,
  );
  const [rows, total] = await Promise.all([
    pageOfProjects(db, where, orderOf(query.sort ?? 'updated_at', query.direction ?? 'desc'), limit, offset),
    countProjects(db, where),
  ]);
  return { total, offset, limit, items: await toApiProjects(db, ownerId, rows) };
}

/** One of the owner's projects (a soft-deleted one too unless `live`), or 404. */
export async function findProject(db: Db, ownerId: string, id: string, options: { live?: boolean } = {}) {
  const [row] = await selectProjects(
    db,
    and(eq(projects.id, id), eq(projects.ownerId, ownerId), options.live ? isNull(projects.deletedAt) : undefined),
    [],
    1,
    0,
  );
  if (!row) throw notFound('Project not found');
  return row;
}

export async function getProject(db: Db, ownerId: string, id: string): Promise<ApiProject> {
  const [project] = await toApiProjects(db, ownerId, [await findProject(db, ownerId, id)]);
  return project!;
}

/** Resolves /{ownerName}/{projectSlug}: only the caller's own live projects are found. */
export async function getProjectByUrl(db: Db, ownerId: string, projectUrl: string): Promise<ApiProject> {
  const [ownerName, slug] = projectUrl.replace(/^\/|\/$/g, '').split('/') as [string, string];
  const [row] = await selectProjects(
    db,
    and(
      eq(projects.ownerId, ownerId),
      eq(users.username, ownerName),
      eq(projects.slug, slug.toLowerCase()),
      isNull(projects.deletedAt),
    ),
    [],
    1,
    0,
  );
  if (!row) throw notFound('Project not found');
  return (await toApiProjects(db, ownerId, [row]))[0]!;
}

/** A slug for `name` not used by another live project of the owner: "podcast", "podcast-2", … */
async function freeSlug(db: Db, ownerId: string, name: string, exceptId?: string): Promise<string> {
  const base = slugify(name);
  const taken = await db
    .select({ slug: projects.slug })
    .from(projects)
    .where(
      and(
        eq(projects.ownerId, ownerId),
        isNull(projects.deletedAt),
        or(eq(projects.slug, base), sql`${projects.slug} ~ ${`^${base}-[0-9]+$`}`),
        exceptId ? ne(projects.id, exceptId) : undefined,
      ),
    );
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Runs `write` with a fresh free slug, again if a concurrent request took it first (unique index). */
async function withFreeSlug<T>(
  db: Db,
  ownerId: string,
  name: string,
  exceptId: string | undefined,
  write: (slug: string) => Promise<T>,
) {
  for (let attempt = 0; ; attempt++) {
    const slug = await freeSlug(db, ownerId, name, exceptId);
    try {
      return await write(slug);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 4) throw err;
    }
  }
}

/** 422 unless every id names a model the owner may use (public ones and their own). */
async function assertUsableModels(db: Db, ownerId: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: models.id })
    .from(models)
    .where(and(inArray(models.id, ids), or(eq(models.visibility, 'public'), eq(models.ownerId, ownerId))));
  const known = new Set(found.map((m) => m.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw unprocessable('body/models', `Unknown model: ${unknown.join(', ')}`);
}

export async function createProject(
  db: Db,
  ownerId: string,
  input: { name: string; models?: string[] | undefined },
): Promise<ApiProject> {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), isNull(users.deletedAt)));
  if (!owner) throw unprocessable('body/owner', 'body/owner does not name a user');
  await assertUsableModels(db, ownerId, input.models ?? []);
  const id = await withFreeSlug(db, ownerId, input.name, undefined, async (slug) => {
    const [row] = await db
      .insert(projects)
      .values({ ownerId, name: input.name, slug, models: input.models ?? [] })
      .returning({ id: projects.id });
    return row!.id;
  });
  return getProject(db, ownerId, id);
}

export async function renameProject(db: Db, ownerId: string, id: string, name: string): Promise<ApiProject> {
  const project = await findProject(db, ownerId, id, { live: true });
  await withFreeSlug(db, ownerId, name, project.id, (slug) =>
    db
      .update(projects)
      .set({ name, slug, updatedAt: new Date() })
      .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId))),
  );
  return getProject(db, ownerId, id);
}

export async function updateProjectModels(db: Db, ownerId: string, id: string, ids: string[]): Promise<ApiProject> {
  await findProject(db, ownerId, id, { live: true });
  await assertUsableModels(db, ownerId, ids);
  await db
    .update(projects)
    .set({ models: ids, updatedAt: new Date() })
    .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)));
  return getProject(db, ownerId, id);
}

/**
 * Soft delete (deleted_at set; folders and recordings stay but are hidden with the project), or permanent:
 * the project's rows go (folders, recordings, notes cascade) and the storage keys of its files are
 * answered for the caller to remove.
 */
export async function deleteProject(db: Db, ownerId: string, id: string, hard: boolean): Promise<{ keys: string[] }> {
  await findProject(db, ownerId, id);
  if (!hard) {
    await db
      .update(projects)
      .set({ deletedAt: new Date() })
      .where(and(eq(projects.id, id), eq(projects.ownerId, ownerId), isNull(projects.deletedAt)));
    return { keys: [] };
  }
  return db.transaction(async (tx) => {
    const stored = await tx
      .select({ a: recordings.storageKey, w: recordings.waveformKey, m: recordings.mp3Key })
      .from(recordings)
      .where(and(eq(recordings.projectId, id), eq(recordings.ownerId, ownerId)));
    await tx.delete(projects).where(and(eq(projects.id, id), eq(projects.ownerId, ownerId)));
    return { keys: stored.flatMap((s) => [s.a, s.w, s.m].filter((k): k is string => !!k)) };
  });
}

/** Statistics of several projects; ids that are not the owner's are left out. */
export async function statsOfProjects(db: Db, ownerId: string, ids: string[]) {
  const stats = await projectStats(db, ownerId, ids);
  return { items: ids.filter((id) => stats.has(id)).map((id) => ({ id, stats: stats.get(id)! })) };
}
