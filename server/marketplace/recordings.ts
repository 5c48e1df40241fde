import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { folders, recordings, type Recording } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import { notFound } from '../platform/errors.ts';
import type { FileUrls } from '../storage/index.ts';
import { findFolder } from './folders.ts';
import { DEFAULT_PAGE_SIZE, touchProject, unprocessable, type Page, type PageQuery, type Schemas } from './shared.ts';

export type ApiRecording = Schemas['Recording'];
export type RecordingSort = 'created_at' | 'updated_at' | 'label';

/** The API's Recording: file links are signed here, for as long as FILE_URL_TTL_SECONDS. */
export function toApiRecording(row: Recording, urls: FileUrls): ApiRecording {
  return {
    id: row.id,
    project_id: row.projectId,
    // Every recording is made inside a folder (upload, TTS and conversions all take one).
    parent_folder_id: row.parentFolderId!,
    url: row.storageKey ? urls.url(row.storageKey, { name: row.fileName ?? undefined }) : null,
    waveform_url: row.waveformKey ? urls.url(row.waveformKey) : null,
    file_name: row.fileName ?? '',
    label: row.label ?? 'Recording',
    state: row.state,
    type: row.type,
    original_id: row.originalId,
    model_id: row.modelId,
    microphone: row.microphone,
    error: row.error,
    active: row.active && !row.deletedAt,
    size: row.size ?? 0,
    starred: row.starred,
    tts: row.tts,
    tts_voice: row.ttsVoice,
    tts_voice_id: row.ttsVoiceId,
    text: row.text,
    text_language: row.textLanguage,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    converted_at: row.convertedAt?.toISOString() ?? null,
    params: row.type === 'conversion' ? (row.params as unknown as Schemas['ConversionParams']) : null,
    duration: row.duration ?? 0,
    calibration_id: row.calibrationId,
    calibration_value: row.calibrationValue,
    calibration_name: row.calibrationName,
    process_stage: row.processStage,
    voice_id: row.voiceId,
    voice_name: row.voiceName,
    voice_talent: row.voiceTalent,
    semitones_correction: row.semitonesCorrection ?? 0,
    accent_id: row.accentId,
    accent_name: row.accentName,
    narration_style_id: row.narrationStyleId,
    narration_style_name: row.narrationStyleName,
    moderation: row.moderationStatus ? { status: row.moderationStatus, message: row.moderation?.reason ?? null } : null,
    conversions_count: row.type === 'original' ? row.conversionsCount : 0,
  };
}

/** One of the owner's recordings (a soft-deleted one too unless `live`), or 404. */
export async function findRecording(
  db: Db,
  ownerId: string,
  id: string,
  options: { live?: boolean } = {},
): Promise<Recording> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(
      and(
        eq(recordings.id, id),
        eq(recordings.ownerId, ownerId),
        options.live ? isNull(recordings.deletedAt) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound('Recording not found');
  return row;
}

function orderOf(sort: RecordingSort, direction: 'asc' | 'desc'): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  if (sort === 'label') return [dir(sql`lower(${recordings.label})`), dir(recordings.id)];
  if (sort === 'updated_at') return [dir(recordings.updatedAt), dir(recordings.id)];
  return [dir(recordings.createdAt), dir(recordings.id)];
}

export interface ListOriginalsQuery extends PageQuery {
  folder_id: string;
  sort?: RecordingSort | undefined;
}

/** The live originals of one of the owner's live folders, one page at a time. */
export async function listOriginals(db: Db, ownerId: string, query: ListOriginalsQuery): Promise<Page<Recording>> {
  const folder = await findFolder(db, ownerId, query.folder_id, { live: true });
  const offset = query.offset ?? 0;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const where = and(
    eq(recordings.ownerId, ownerId),
    eq(recordings.parentFolderId, folder.id),
    eq(recordings.type, 'original'),
    isNull(recordings.deletedAt),
  );
  const order = orderOf(query.sort ?? 'created_at', query.direction ?? 'desc');
  const [items, [total]] = await Promise.all([
    pageOfRecordings(db, where, order, limit, offset),
    db.select({ n: count() }).from(recordings).where(where),
  ]);
  return { total: Number(total?.n ?? 0), offset, limit, items };
}

/**
 * One page of recordings: its ids from the index of the sort first (recordings_live_originals_*_idx,
 * recordings_live_conversions_updated_at_idx: a deep offset skips index entries, not whole rows), then
 * those rows.
 */
export function pageOfRecordings(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const ids = db
    .select({ id: recordings.id })
    .from(recordings)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return db
    .select()
    .from(recordings)
    .where(inArray(recordings.id, ids))
    .orderBy(...order);
}

/** Every live original of a folder and every live conversion of them, newest first. */
export async function listFolderRecordings(db: Db, ownerId: string, folderId: string): Promise<Recording[]> {
  const folder = await findFolder(db, ownerId, folderId, { live: true });
  return db
    .select()
    .from(recordings)
    .where(and(eq(recordings.ownerId, ownerId), eq(recordings.parentFolderId, folder.id), isNull(recordings.deletedAt)))
    .orderBy(desc(recordings.createdAt), desc(recordings.id));
}

export interface RecordingChanges {
  parent_folder_id?: string | undefined;
  starred?: boolean | undefined;
  label?: string | undefined;
}

/** Moves (an original with its conversions), stars or relabels one of the owner's live recordings. */
export async function updateRecording(
  db: Db,
  ownerId: string,
  id: string,
  changes: RecordingChanges,
): Promise<Recording> {
  const recording = await findRecording(db, ownerId, id, { live: true });
  return db.transaction(async (tx) => {
    const now = new Date();
    if (changes.parent_folder_id && changes.parent_folder_id !== recording.parentFolderId) {
      if (recording.type === 'conversion') {
        throw unprocessable(
          'body/parent_folder_id',
          'A conversion stays in its original’s folder: move the original instead',
        );
      }
      const target = await findFolder(tx, ownerId, changes.parent_folder_id);
      if (target.projectId !== recording.projectId || target.deletedAt) {
        throw unprocessable(
          'body/parent_folder_id',
          'body/parent_folder_id must be an active folder of the same project',
        );
      }
      await tx
        .update(recordings)
        .set({ parentFolderId: target.id, updatedAt: now })
        .where(and(eq(recordings.ownerId, ownerId), or(eq(recordings.id, id), eq(recordings.originalId, id))));
      const moved = [target.id, recording.parentFolderId].filter((f): f is string => !!f);
      await tx.update(folders).set({ updatedAt: now }).where(inArray(folders.id, moved));
    }
    const set: Partial<typeof recordings.$inferInsert> = { updatedAt: now };
    if (changes.starred !== undefined) set.starred = changes.starred;
    if (changes.label !== undefined) set.label = changes.label;
    const [row] = await tx
      .update(recordings)
      .set(set)
      .where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId)))
      .returning();
    await touchProject(tx, recording.projectId);
    return row!;
  });
}

/**
 * Deletes a recording: an original with its conversions (and so its note), a conversion alone. Soft:
 * deleted_at set, waiting or running conversions cancelled. Permanent: the rows go and their storage
 * keys are answered for the caller to remove. Answers the ids, the original first.
 */
export async function deleteRecording(
  db: Db,
  ownerId: string,
  id: string,
  hard: boolean,
): Promise<{ ids: string[]; keys: string[] }> {
  const recording = await findRecording(db, ownerId, id);
  return db.transaction(async (tx) => {
    const affected = await tx
      .select({
        id: recordings.id,
        deletedAt: recordings.deletedAt,
        a: recordings.storageKey,
        w: recordings.waveformKey,
        m: recordings.mp3Key,
      })
      .from(recordings)
      .where(and(eq(recordings.ownerId, ownerId), or(eq(recordings.id, id), eq(recordings.originalId, id))))
      .orderBy(sql`${recordings.id} = ${id} desc`, asc(recordings.createdAt));
    const ids = affected.map((r) => r.id);
    // A conversion that leaves its original lowers the original's count (deleted with it, the count goes too).
    if (recording.type === 'conversion' && recording.originalId && !recording.deletedAt) {
      await tx
        .update(recordings)
        .set({ conversionsCount: sql`greatest(${recordings.conversionsCount} - 1, 0)` })
        .where(eq(recordings.id, recording.originalId));
    }
    if (hard) {
      await tx.delete(recordings).where(and(eq(recordings.id, id), eq(recordings.ownerId, ownerId)));
    } else {
      await tx
        .update(recordings)
        .set({
          deletedAt: new Date(),
          active: false,
          state: sql`case when ${recordings.state} in ('queued', 'processing', 'postprocessing') then 'cancelled'::recording_state else ${recordings.state} end`,
        })
        .where(and(inArray(recordings.id, ids), isNull(recordings.deletedAt)));
    }
    await touchProject(tx, recording.projectId);
    return { ids, keys: hard ? affected.flatMap((r) => [r.a, r.w, r.m].filter((k): k is string => !!k)) : [] };
  });
}
