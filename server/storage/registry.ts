import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { files } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import type { Storage } from './storage.ts';

/**
 * The files registry (table files): every stored object a user owns, so that a sweeper can find orphans
 * and a permanent delete removes the bytes as well as the rows. Shared by every service that stores files.
 */

export interface StoredFileEntry {
  key: string;
  kind: string;
  contentType: string;
  size: number;
}

/** Records stored objects in the files registry (what a sweeper checks for orphans). */
export async function registerFiles(db: Db, ownerId: string, entries: StoredFileEntry[]) {
  if (entries.length === 0) return;
  await db
    .insert(files)
    .values(
      entries.map((e) => ({ ownerId, storageKey: e.key, kind: e.kind, contentType: e.contentType, size: e.size })),
    )
    .onConflictDoUpdate({
      target: files.storageKey,
      set: { size: sql`excluded.size`, contentType: sql`excluded.content_type`, kind: sql`excluded.kind` },
    });
}

/**
 * Removes stored objects whose rows are gone (a permanent delete), then their registry rows. An object
 * that cannot be removed now keeps its registry row, so it is not forgotten.
 */
export async function removeStoredFiles(db: Db, storage: Storage, log: FastifyBaseLogger, keys: (string | null)[]) {
  for (const key of new Set(keys.filter((k): k is string => !!k))) {
    try {
      await storage.delete(key);
      await db.delete(files).where(eq(files.storageKey, key));
    } catch (err) {
      log.error({ err, key }, 'could not remove a stored file; it stays in the files registry');
    }
  }
}
