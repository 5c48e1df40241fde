import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { folders, projects, recordings, type Folder } from '../db/schema.ts';
import { query, type Db } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import { findProject } from './projects.ts';
import {
  containsPattern,
  DEFAULT_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  touchProject,
  unprocessable,
  type Page,
  type PageQuery,
  type Schemas,
} from './shared.ts';

export type ApiFolder = Schemas['Folder'];
export type FolderStats = Schemas['FolderStats'];
export type FolderSort = 'label' | 'name' | 'updated_at' | 'created_at';

const EMPTY_STATS: FolderStats = { originals: 0, conversions: 0, duration: 0, size: 0 };

/** Folders of the owner's projects (folders have no owner column: ownership is the project's). */
const ownedBy = (ownerId: string) => eq(projects.ownerId, ownerId);

/**
 * One of the owner's folders, or 404. `live` also requires the folder and its project not to be
 * deleted (what every read and change of its contents needs).
 */
export async function findFolder(
  db: Db,
  ownerId: string,
  id: string,
  options: { live?: boolean } = {},
): Promise<Folder> {
  const [row] = await db
    .select({ folder: folders })
    .from(folders)
    .innerJoin(projects, eq(projects.id, folders.projectId))
    .where(
      and(
        eq(folders.id, id),
        ownedBy(ownerId),
        options.live ? and(isNull(folders.deletedAt), isNull(projects.deletedAt)) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound('Folder not found');
  return row.folder;
}

/** Statistics of folders (already known to be the owner's) over their live recordings. */
export async function folderStats(db: Db, ownerId: string, ids: string[]): Promise<Map<string, FolderStats>> {
  const stats = new Map<string, FolderStats>(ids.map((id) => [id, { ...EMPTY_STATS }]));
  if (ids.length === 0) return stats;
  const rows = await db
    .select({
      id: recordings.parentFolderId,
      originals: sql<number>`(count(*) filter (where ${recordings.type} = 'original'))::int`,
      conversions: sql<number>`(count(*) filter (where ${recordings.type} = 'conversion'))::int`,
      // A conversion is audio once it is done: one still processing carries its original's duration already.
      duration: sql<number>`coalesce(sum(${recordings.duration}) filter (where ${recordings.type} = 'original' or ${recordings.state} = 'done'), 0)::float8`,
      size: sql<number>`coalesce(sum(${recordings.size}), 0)::float8`,
    })
    .from(recordings)
    .where(and(eq(recordings.ownerId, ownerId), inArray(recordings.parentFolderId, ids), isNull(recordings.deletedAt)))
    .groupBy(recordings.parentFolderId);
  for (const r of rows) {
    if (!r.id) continue;
    stats.set(r.id, {
      originals: r.originals,
      conversions: r.conversions,
      duration: Number(r.duration),
      size: Math.round(Number(r.size)),
    });
  }
  return stats;
}

async function toApiFolders(db: Db, ownerId: string, rows: Folder[]): Promise<ApiFolder[]> {
  const ids = rows.map((r) => r.id);
  const stats = await folderStats(db, ownerId, ids);
  const originals = ids.length
    ? await db
        .select({ id: recordings.id, folderId: recordings.parentFolderId })
        .from(recordings)
        .where(
          and(
            eq(recordings.ownerId, ownerId),
            inArray(recordings.parentFolderId, ids),
            eq(recordings.type, 'original'),
            isNull(recordings.deletedAt),
          ),
        )
        .orderBy(desc(recordings.createdAt), desc(recordings.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    parent_id: row.parentId,
    active: row.active && !row.deletedAt,
    recordings: originals.filter((o) => o.folderId === row.id).map((o) => o.id),
    stats: stats.get(row.id) ?? { ...EMPTY_STATS },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

function orderOf(sort: FolderSort, direction: 'asc' | 'desc'): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  if (sort === 'label' || sort === 'name') return [dir(sql`lower(${folders.name})`), dir(folders.id)];
  if (sort === 'created_at') return [dir(folders.createdAt), dir(folders.id)];
  return [dir(folders.updatedAt), dir(folders.id)];
}

async function pageOfFolders(
  db: Db,
  ownerId: string,
  where: SQL | undefined,
  order: SQL[],
  offset: number,
  limit: number,
): Promise<Page<ApiFolder>> {
  // The page's ids from the index of its sort (folders_live_*_idx), then those rows.
  const ids = db
    .select({ id: folders.id })
    .from(folders)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(folders)
      .where(inArray(folders.id, ids))
      .orderBy(...order),
    db.select({ n: count() }).from(folders).where(where),
  ]);
  return { total: Number(total?.n ?? 0), offset, limit, items: await toApiFolders(db, ownerId, rows) };
}

export interface ListFoldersQuery extends PageQuery {
  project_id: string;
  sort?: FolderSort | undefined;
}

/** The live folders of one of the owner's live projects (nested ones too), one page at a time. */
export async function listFolders(db: Db, ownerId: string, query: ListFoldersQuery): Promise<Page<ApiFolder>> {
  const project = await findProject(db, ownerId, query.project_id, { live: true });
  return pageOfFolders(
    db,
    ownerId,
    and(eq(folders.projectId, project.id), isNull(folders.deletedAt)),
    orderOf(query.sort ?? 'updated_at', query.direction ?? 'desc'),
    query.offset ?? 0,
    query.limit ?? DEFAULT_PAGE_SIZE,
  );
}

export async function searchFolders(
  db: Db,
  ownerId: string,
  query: { project_id: string; search?: string | undefined; offset?: number | undefined; limit?: number | undefined },
): Promise<Page<ApiFolder>> {
  const project = await findProject(db, ownerId, query.project_id, { live: true });
  return pageOfFolders(
    db,
    ownerId,
    and(
      eq(folders.projectId, project.id),
      isNull(folders.deletedAt),
      query.search ? ilike(folders.name, containsPattern(query.search)) : undefined,
    ),
    orderOf('updated_at', 'desc'),
    query.offset ?? 0,
    query.limit ?? SEARCH_PAGE_SIZE,
  );
}

export async function getFolder(db: Db, ownerId: string, id: string): Promise<ApiFolder> {
  return (await toApiFolders(db, ownerId, [await findFolder(db, ownerId, id)]))[0]!;
}

export async function createFolder(
  db: Db,
  ownerId: string,
  input: { project_id: string; name: string; parent_id?: string | null | undefined },
): Promise<ApiFolder> {
  const project = await findProject(db, ownerId, input.project_id, { live: true });
  if (input.parent_id) {
    const parent = await findFolder(db, ownerId, input.parent_id);
    if (parent.projectId !== project.id || parent.deletedAt) {
      throw unprocessable('body/parent_id', 'body/parent_id must be an active folder of the same project');
    }
  }
  const [row] = await db
    .insert(folders)
    .values({ projectId: project.id, name: input.name, parentId: input.parent_id ?? null })
    .returning();
  await touchProject(db, project.id);
  return (await toApiFolders(db, ownerId, [row!]))[0]!;
}

export async function renameFolder(db: Db, ownerId: string, id: string, name: string): Promise<ApiFolder> {
  const folder = await findFolder(db, ownerId, id, { live: true });
  await db.update(folders).set({ name, updatedAt: new Date() }).where(eq(folders.id, folder.id));
  await touchProject(db, folder.projectId);
  return getFolder(db, ownerId, id);
}

/** The folder and every folder under it, however deep. */
async function subtreeOf(db: Db, id: string): Promise<string[]> {
  const rows = await query<{ id: string }>(
    db,
    sql`
      with recursive tree(id) as (
        select ${id}::uuid
        union
        select f.id from ${folders} f join tree t on f.parent_id = t.id
      )
      select id from tree`,
  );
  return rows.map((r) => r.id);
}

/**
 * Soft delete: the folder, its sub-folders and their recordings get deleted_at (active false) and any
 * conversion still waiting or running is cancelled. Permanent: the rows go (sub-folders, recordings and
 * notes cascade) and the storage keys of their files are answered for the caller to remove.
 */
export async function deleteFolder(db: Db, ownerId: string, id: string, hard: boolean): Promise<{ keys: string[] }> {
  const folder = await findFolder(db, ownerId, id);
  return db.transaction(async (tx) => {
    const tree = await subtreeOf(tx, folder.id);
    if (!hard) {
      const now = new Date();
      await tx
        .update(folders)
        .set({ deletedAt: now, active: false })
        .where(and(inArray(folders.id, tree), isNull(folders.deletedAt)));
      await tx
        .update(recordings)
        .set({
          deletedAt: now,
          active: false,
          state: sql`case when ${recordings.state} in ('queued', 'processing', 'postprocessing') then 'cancelled'::recording_state else ${recordings.state} end`,
        })
        .where(
          and(eq(recordings.ownerId, ownerId), inArray(recordings.parentFolderId, tree), isNull(recordings.deletedAt)),
        );
      await touchProject(tx, folder.projectId);
      return { keys: [] };
    }
    const stored = await tx
      .select({ a: recordings.storageKey, w: recordings.waveformKey, m: recordings.mp3Key })
      .from(recordings)
      .where(and(eq(recordings.ownerId, ownerId), inArray(recordings.parentFolderId, tree)));
    await tx.delete(folders).where(eq(folders.id, folder.id));
    await touchProject(tx, folder.projectId);
    return { keys: stored.flatMap((s) => [s.a, s.w, s.m].filter((k): k is string => !!k)) };
  });
}

export async function statsOfFolders(db: Db, ownerId: string, ids: string[]) {
  const owned = await db
    .select({ id: folders.id })
    .from(folders)
    .innerJoin(projects, eq(projects.id, folders.projectId))
    .where(and(ownedBy(ownerId), inArray(folders.id, ids), isNull(folders.deletedAt)));
  const stats = await folderStats(
    db,
    ownerId,
    owned.map((f) => f.id),
  );
  return { items: ids.filter((id) => stats.has(id)).map((id) => ({ id, stats: stats.get(id)! })) };
}
