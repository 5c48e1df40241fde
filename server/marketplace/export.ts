import type { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { folders, recordings, type Recording } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import { contentDisposition } from '../storage/http.ts';
import { findFolder } from './folders.ts';
import { conversionFileName, uniqueNamer, zipSegment } from './names.ts';
import { assertCanDownload } from './plan.ts';
import { findProject } from './projects.ts';
import { findRecording } from './recordings.ts';
import { callerId } from './shared.ts';

interface ZipEntry {
  /** Path inside the zip. */
  path: string;
  key: string;
  /** When the recording was made (the file's date in the zip). */
  mtime: Date;
}

const extOf = (key: string) => /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? 'wav';

/** The name a recording has inside an export: the uploaded file name, or {original}_{voice}_{+N}st for a conversion. */
function fileNameOf(row: Recording, originals: Map<string, Recording>): string {
  const ext = extOf(row.storageKey!);
  if (row.type === 'conversion') {
    const original = row.originalId ? originals.get(row.originalId) : undefined;
    return conversionFileName(
      original?.fileName ?? original?.label ?? null,
      row.voiceName,
      row.semitonesCorrection ?? 0,
      ext,
    );
  }
  const name = zipSegment(row.fileName ?? row.label ?? 'recording', 'recording');
  return name.toLowerCase().endsWith(`.${ext}`) ? name : `${name}.${ext}`;
}

/** Recordings ready to download (done, with audio), optionally only the starred ones. */
async function readyRecordings(db: Db, ownerId: string, where: ReturnType<typeof and>, starredOnly: boolean) {
  return db
    .select()
    .from(recordings)
    .where(
      and(
        eq(recordings.ownerId, ownerId),
        where,
        isNull(recordings.deletedAt),
        eq(recordings.state, 'done'),
        starredOnly ? eq(recordings.starred, true) : undefined,
      ),
    )
    .orderBy(asc(recordings.createdAt), asc(recordings.id));
}

/** The originals the conversions among `rows` were made from (for their names), whatever their state. */
async function originalsOf(db: Db, ownerId: string, rows: Recording[]): Promise<Map<string, Recording>> {
  const ids = [...new Set(rows.map((r) => r.originalId ?? r.id))];
  const found = ids.length
    ? await db
        .select()
        .from(recordings)
        .where(and(eq(recordings.ownerId, ownerId), inArray(recordings.id, ids)))
    : [];
  return new Map(found.map((r) => [r.id, r]));
}

function entriesIn(
  dir: string,
  rows: Recording[],
  originals: Map<string, Recording>,
  unique: ReturnType<typeof uniqueNamer>,
) {
  return rows
    .filter((r) => r.storageKey)
    .map((r) => {
      const name = unique(dir, fileNameOf(r, originals));
      return { path: dir ? `${dir}/${name}` : name, key: r.storageKey!, mtime: r.convertedAt ?? r.createdAt };
    });
}

/**
 * Streams a zip of stored files to the client as it is built: each file is read from storage only when
 * its turn comes, stored without recompression (audio is compressed already, and WAV barely shrinks), so
 * memory stays flat whatever the export's size. Objects missing from storage are left out (and logged).
 */
async function sendZip(request: FastifyRequest, reply: FastifyReply, zipName: string, entries: ZipEntry[]) {
  const { storage } = request.server;
  const present: ZipEntry[] = [];
  for (const entry of entries) {
    if (await storage.exists(entry.key)) present.push(entry);
    else request.log.error({ key: entry.key }, 'export: a stored file is missing; left out of the zip');
  }
  const zip = new yazl.ZipFile();
  for (const entry of present) {
    zip.addReadStreamLazy(entry.path, { compress: false, mtime: entry.mtime }, (cb) => {
      storage.get(entry.key).then(
        (stream) => cb(null, stream),
        (err: unknown) => cb(err, undefined as never),
      );
    });
  }
  zip.on('error', (err: Error) => {
    request.log.error({ err }, 'export failed while streaming');
    (zip.outputStream as unknown as Readable).destroy(err);
  });
  zip.end();
  return reply
    .code(200)
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition('attachment', zipName))
    .header('cache-control', 'no-store')
    .send(zip.outputStream);
}

/** GET /api/projects/{id}/export: one directory per folder (nested folders nested), each with its recordings. */
export async function exportProject(
  request: FastifyRequest<{ Params: { id: string }; Querystring: { starred_only?: boolean } }>,
  reply: FastifyReply,
) {
  const { db } = request.server;
  const ownerId = callerId(request);
  const project = await findProject(db, ownerId, request.params.id, { live: true });
  await assertCanDownload(db, ownerId);
  const folderRows = await db
    .select()
    .from(folders)
    .where(and(eq(folders.projectId, project.id), isNull(folders.deletedAt)))
    .orderBy(asc(folders.createdAt), asc(folders.id));
  const byId = new Map(folderRows.map((f) => [f.id, f]));
  // Sibling folders with the same name get distinct directories.
  const dirNames = uniqueNamer();
  const dirOf = new Map<string, string>();
  const dirFor = (id: string, depth = 0): string => {
    const known = dirOf.get(id);
    if (known !== undefined) return known;
    const folder = byId.get(id)!;
    const parent = folder.parentId && byId.has(folder.parentId) && depth < 50 ? dirFor(folder.parentId, depth + 1) : '';
    const dir = `${parent ? `${parent}/` : ''}${dirNames(parent, zipSegment(folder.name, 'folder'))}`;
    dirOf.set(id, dir);
    return dir;
  };
  const rows = await readyRecordings(
    db,
    ownerId,
    and(eq(recordings.projectId, project.id), inArray(recordings.parentFolderId, [...byId.keys()])),
    request.query.starred_only === true,
  );
  const originals = await originalsOf(db, ownerId, rows);
  const unique = uniqueNamer();
  const entries = folderRows.flatMap((f) =>
    entriesIn(
      dirFor(f.id),
      rows.filter((r) => r.parentFolderId === f.id),
      originals,
      unique,
    ),
  );
  return sendZip(request, reply, `${project.slug}.zip`, entries);
}

/** GET /api/folders/{id}/export: the folder's originals and their conversions, side by side. */
export async function exportFolder(
  request: FastifyRequest<{ Params: { id: string }; Querystring: { starred_only?: boolean } }>,
  reply: FastifyReply,
) {
  const { db } = request.server;
  const ownerId = callerId(request);
  const folder = await findFolder(db, ownerId, request.params.id, { live: true });
  await assertCanDownload(db, ownerId);
  const rows = await readyRecordings(
    db,
    ownerId,
    eq(recordings.parentFolderId, folder.id),
    request.query.starred_only === true,
  );
  const entries = entriesIn('', rows, await originalsOf(db, ownerId, rows), uniqueNamer());
  return sendZip(request, reply, `${zipSegment(folder.name, 'folder')}.zip`, entries);
}

/** GET /api/recordings/export/?original_id: an original and its conversions. */
export async function exportRecording(
  request: FastifyRequest<{ Querystring: { original_id: string; starred_only?: boolean } }>,
  reply: FastifyReply,
) {
  const { db } = request.server;
  const ownerId = callerId(request);
  const original = await findRecording(db, ownerId, request.query.original_id, { live: true });
  if (original.type !== 'original') throw notFound('Original not found');
  const folder = original.parentFolderId
    ? await findFolder(db, ownerId, original.parentFolderId, { live: true })
    : undefined;
  if (!folder) throw notFound('Original not found');
  await assertCanDownload(db, ownerId);
  const rows = await readyRecordings(
    db,
    ownerId,
    or(eq(recordings.id, original.id), eq(recordings.originalId, original.id)),
    request.query.starred_only === true,
  );
  const entries = entriesIn('', rows, await originalsOf(db, ownerId, rows), uniqueNamer());
  return sendZip(request, reply, `${zipSegment(original.label ?? 'recording', 'recording')}.zip`, entries);
}
