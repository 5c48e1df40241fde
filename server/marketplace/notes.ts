import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { notes, recordings, type Note } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { conflict, notFound } from '../platform/errors.ts';
import { findFolder } from './folders.ts';
import { findRecording } from './recordings.ts';
import type { Schemas } from './shared.ts';

export type ApiNote = Schemas['Note'];

const toApiNote = (row: Note): ApiNote => ({
  recording_id: row.recordingId,
  text: row.text,
  updated_at: row.updatedAt.toISOString(),
});

/** The notes of the live recordings of one of the owner's live folders. */
export async function listNotes(db: Db, ownerId: string, folderId: string): Promise<{ items: ApiNote[] }> {
  const folder = await findFolder(db, ownerId, folderId, { live: true });
  const rows = await db
    .select({ note: notes })
    .from(notes)
    .innerJoin(recordings, eq(recordings.id, notes.recordingId))
    .where(
      and(
        eq(notes.ownerId, ownerId),
        eq(recordings.ownerId, ownerId),
        eq(recordings.parentFolderId, folder.id),
        isNull(recordings.deletedAt),
      ),
    )
    .orderBy(asc(recordings.createdAt));
  return { items: rows.map((r) => toApiNote(r.note)) };
}

export async function createNote(db: Db, ownerId: string, recordingId: string, text: string): Promise<ApiNote> {
  const recording = await findRecording(db, ownerId, recordingId, { live: true });
  const [row] = await db
    .insert(notes)
    .values({ recordingId: recording.id, ownerId, text })
    .onConflictDoNothing({ target: notes.recordingId })
    .returning();
  if (!row) throw conflict('This recording already has a note; change it with PUT /api/notes');
  return toApiNote(row);
}

export async function updateNote(db: Db, ownerId: string, recordingId: string, text: string): Promise<ApiNote> {
  const recording = await findRecording(db, ownerId, recordingId, { live: true });
  const [row] = await db
    .update(notes)
    .set({ text, updatedAt: sql`now()` })
    .where(and(eq(notes.recordingId, recording.id), eq(notes.ownerId, ownerId)))
    .returning();
  if (!row) throw notFound('This recording has no note');
  return toApiNote(row);
}

export async function deleteNote(db: Db, ownerId: string, recordingId: string): Promise<{ ok: true }> {
  const recording = await findRecording(db, ownerId, recordingId, { live: true });
  const removed = await db
    .delete(notes)
    .where(and(eq(notes.recordingId, recording.id), eq(notes.ownerId, ownerId)))
    .returning({ id: notes.id });
  if (removed.length === 0) throw notFound('This recording has no note');
  return { ok: true };
}
