import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import type { ValidateFunction } from 'ajv';
import { and, count, desc, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calibrations, folders, projects, recordings, users, type Calibration } from '../db/schema.ts';
import { stageAudio, uploadTempDir, type StagedAudio } from '../platform/audio-upload.ts';
import type { JsonSchema } from '../platform/contracts.ts';
import type { Db } from '../platform/db.ts';
import { conflict, HttpError, notFound } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { malformedForm } from '../platform/multipart.ts';
import { enforceRateLimits } from '../platform/rate-limit.ts';
import { createAjv } from '../platform/validation.ts';
import { registerFiles, removeStoredFiles } from '../storage/registry.ts';
import { enqueueCalibration } from './calibration-runner.ts';
import {
  CALIBRATION_PAGE_SIZE,
  CALIBRATION_RATE_LIMIT,
  MAX_CALIBRATION_SECONDS,
  MIN_CALIBRATION_SECONDS,
  toApiCalibration,
} from './calibration-rules.ts';
import { callerId } from '../identity/current-user.ts';

/**
 * Calibrations (/api/v3/calibration): the user's microphone voice profiles. A calibration is a recording
 * of the user's voice, 30-600 s (SPEC.md section 5), uploaded (createCalibration) or gathered from their
 * originals (autoCalibration); it is answered in status processing and analysed afterwards by
 * the `calibrate` job of calibration-runner.ts, queued in the transaction that writes it (processing →
 * calibrated | error). At most one is enabled (the partial unique index
 * calibrations_one_enabled_idx; enableCalibration switches in one transaction). Every query is scoped
 * by owner: another user's calibration is not found.
 */

const NOT_FOUND = 'Calibration not found';

/** One of the owner's calibrations that is not deleted, or 404. */
async function findCalibration(db: Db, ownerId: string, id: string): Promise<Calibration> {
  const [row] = await db
    .select()
    .from(calibrations)
    .where(and(eq(calibrations.id, id), eq(calibrations.ownerId, ownerId), isNull(calibrations.deletedAt)));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

const rateLimited = (db: Db, userId: string) =>
  enforceRateLimits(
    db,
    [{ key: `calibration:user:${userId}`, rule: CALIBRATION_RATE_LIMIT }],
    'Too many calibrations started. Please try again later.',
  );

/** A 422 for one field, in the shape request validation uses. */
const unprocessable = (field: string, detail: string) =>
  new HttpError(422, detail, { field, errors: [{ field, message: detail }] });

// ------------------------------------------------------------------------------------------ reading

/** GET /api/v3/calibration: the caller's calibrations, newest first, optionally those whose name contains `search`. */
export const listCalibrations: Handler<'listCalibrations'> = async (request) => {
  const ownerId = callerId(request);
  const { db, fileUrls } = request.server;
  const offset = request.query.offset ?? 0;
  const limit = request.query.limit ?? CALIBRATION_PAGE_SIZE;
  const search = request.query.search?.trim();
  const where = and(
    eq(calibrations.ownerId, ownerId),
    isNull(calibrations.deletedAt),
    search ? ilike(calibrations.name, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(calibrations)
      .where(where)
      .orderBy(desc(calibrations.createdAt), desc(calibrations.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(calibrations).where(where),
  ]);
  return { total: total?.n ?? 0, offset, limit, items: rows.map((r) => toApiCalibration(r, fileUrls)) };
};

/** GET /api/v3/calibration/{id}. */
export const getCalibration: Handler<'getCalibration'> = async (request) => {
  const row = await findCalibration(request.server.db, callerId(request), request.params.id);
  return toApiCalibration(row, request.server.fileUrls);
};

// ------------------------------------------------------------------------------------------ creating

let validateForm: { name: ValidateFunction; full: ValidateFunction } | undefined;

/** The form's name field checked against openapi/auth.yaml's CreateCalibrationForm (data apart). */
function checkForm(app: FastifyInstance, fields: { name?: string }, complete: boolean) {
  if (!validateForm) {
    const op = app.operations.get('POST /api/v3/calibration');
    const form = op?.requestBody?.content['multipart/form-data']?.schema as JsonSchema | undefined;
    const name = (form?.properties as Record<string, JsonSchema> | undefined)?.name;
    if (!name) throw new Error('openapi/auth.yaml has no CreateCalibrationForm.name for POST /api/v3/calibration');
    const ajv = createAjv({ coerce: false, defaults: false });
    const schema = (required: string[]) => ({
      type: 'object',
      additionalProperties: false,
      required,
      properties: { name },
    });
    validateForm = { name: ajv.compile(schema([])), full: ajv.compile(schema(['name'])) };
  }
  const validate = complete ? validateForm.full : validateForm.name;
  if (!validate(fields)) {
    // The shape Fastify gives a failed request schema, so the one error handler words it the same way.
    throw Object.assign(new Error('Invalid calibration form'), {
      validation: validate.errors,
      validationContext: 'body',
    });
  }
}

/** Multipart's own limits and misuse, in this contract's words. */
function translate(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return unprocessable('body/data', 'A calibration takes one recording');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return unprocessable('body', 'The form has too many fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return unprocessable('body', 'A calibration must be sent as multipart/form-data');
  }
  return malformedForm(err) ?? err;
}

/**
 * POST /api/v3/calibration (multipart: data, name). The recording is streamed to a temporary file and
 * decoded on the way, so one that is not audio, shorter than 30 s or longer than 600 s is refused with 422
 * and leaves nothing behind; one that checks out is moved into storage and its row written in one
 * transaction (any failure removes the stored file). Analysis follows the answer.
 */
export const createCalibration: Handler<'createCalibration'> = async (request, reply) => {
  const app = request.server;
  const ownerId = callerId(request);
  await rateLimited(app.db, ownerId);
  const tmpDir = await uploadTempDir(app);
  const fields: { name?: string } = {};
  let staged: StagedAudio | undefined;
  let storedKey: string | undefined;
  let row: Calibration;
  try {
    try {
      const parts = request.parts({ limits: { fileSize: app.config.maxUploadBytes, files: 1, fields: 2, parts: 3 } });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (part.fieldname === 'data') throw unprocessable('body/data', 'body/data must be a file');
          if (part.fieldname !== 'name') {
            throw unprocessable(`body/${part.fieldname}`, `body/${part.fieldname} is not an accepted field`);
          }
          if (fields.name !== undefined) throw unprocessable('body/name', 'body/name must be given once');
          fields.name = String(part.value);
          // A bad name is refused before the recording is received.
          checkForm(app, fields, false);
          continue;
        }
        if (part.fieldname !== 'data') {
          throw unprocessable(
            `body/${part.fieldname}`,
            `body/${part.fieldname} is not an accepted field: send the recording as data`,
          );
        }
        staged = await stageAudio(part, tmpDir, {
          minSeconds: MIN_CALIBRATION_SECONDS,
          maxSeconds: MAX_CALIBRATION_SECONDS,
        });
      }
    } catch (err) {
      throw translate(err);
    }
    checkForm(app, fields, true);
    if (!staged) throw unprocessable('body/data', 'body/data is required');

    const id = randomUUID();
    const key = `calibrations/${id}/audio.${staged.info.ext}`;
    const temp = staged.tempPath!;
    staged.tempPath = null;
    storedKey = key;
    await app.storage.putFile(key, temp, { contentType: staged.info.contentType });
    const file = { key, kind: 'calibration', contentType: staged.info.contentType, size: staged.size };
    row = await app.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(calibrations)
        .values({
          id,
          ownerId,
          name: fields.name!,
          status: 'processing',
          storageKey: key,
          duration: staged!.info.duration,
        })
        .returning();
      await registerFiles(tx, ownerId, [file]);
      // Its analysis is queued with it: no calibration is ever left in processing without one.
      await enqueueCalibration(app, inserted!, tx);
      return inserted!;
    });
  } catch (err) {
    if (storedKey) {
      await app.storage
        .delete(storedKey)
        .catch((e: unknown) => request.log.error({ err: e, key: storedKey }, 'could not undo a calibration upload'));
    }
    throw err;
  } finally {
    if (staged?.tempPath) await unlink(staged.tempPath).catch(() => undefined);
  }
  return reply.code(201).send(toApiCalibration(row, app.fileUrls));
};

/** "Auto calibration 05 Mar 2025": SPEC.md's dd MMM yyyy, and a valid resource name. */
export function defaultAutoName(now = new Date()): string {
  const month = now.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  return `Auto calibration ${String(now.getUTCDate()).padStart(2, '0')} ${month} ${now.getUTCFullYear()}`;
}

interface Candidate {
  id: string;
  duration: number | null;
  tts: boolean;
  state: string;
  storageKey: string | null;
}

/** The caller's originals that can be heard as their voice: finished, stored, not TTS, not deleted (nor their folder or project). */
function usableOriginals(ownerId: string) {
  return and(
    eq(recordings.ownerId, ownerId),
    eq(recordings.type, 'original'),
    isNull(recordings.deletedAt),
    isNull(projects.deletedAt),
    isNull(folders.deletedAt),
  );
}

/**
 * The originals to analyse, in order: the ones asked for (404 if any is not the caller's live original,
 * 422 if one is text-to-speech or not finished), or else the most recent usable ones until 600 s of audio.
 */
async function chooseOriginals(db: Db, ownerId: string, ids: string[] | undefined): Promise<Candidate[]> {
  const columns = {
    id: recordings.id,
    duration: recordings.duration,
    tts: recordings.tts,
    state: recordings.state,
    storageKey: recordings.storageKey,
  };
  const base = db
    .select(columns)
    .from(recordings)
    .innerJoin(projects, eq(projects.id, recordings.projectId))
    .leftJoin(folders, eq(folders.id, recordings.parentFolderId));
  if (ids) {
    const found = await base.where(and(usableOriginals(ownerId), inArray(recordings.id, ids)));
    const byId = new Map(found.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.has(id));
    if (missing) throw notFound(`Recording ${missing} not found`);
    const chosen = ids.map((id) => byId.get(id)!);
    for (const r of chosen) {
      if (r.tts) throw unprocessable('body/recording_ids', `Recording ${r.id} is text-to-speech, not your voice`);
      if (r.state !== 'done' || !r.storageKey) {
        throw unprocessable('body/recording_ids', `Recording ${r.id} is not finished`);
      }
    }
    return chosen;
  }
  // Enough rows for 600 s even of short takes; a user with more gets the most recent 600 s.
  const recent = await base
    .where(
      and(
        usableOriginals(ownerId),
        eq(recordings.tts, false),
        eq(recordings.state, 'done'),
        sql`${recordings.storageKey} is not null`,
        sql`${recordings.duration} > 0`,
      ),
    )
    .orderBy(desc(recordings.createdAt), desc(recordings.id))
    .limit(200);
  const chosen: Candidate[] = [];
  let seconds = 0;
  for (const r of recent) {
    if (seconds >= MAX_CALIBRATION_SECONDS) break;
    chosen.push(r);
    seconds += r.duration ?? 0;
  }
  return chosen;
}

/**
 * POST /api/v3/calibration/auto: a calibration from the caller's own originals (the ones listed, or else
 * the most recent), which must hold at least 30 s of audio (409 otherwise); at most 600 s are analysed.
 * It has no recording of its own (url null) and is analysed after the answer, like an upload.
 */
export const autoCalibration: Handler<'autoCalibration'> = async (request, reply) => {
  const app = request.server;
  const ownerId = callerId(request);
  const body = request.body ?? {};
  const chosen = await chooseOriginals(app.db, ownerId, body.recording_ids);
  const seconds = chosen.reduce((sum, r) => sum + (r.duration ?? 0), 0);
  if (seconds < MIN_CALIBRATION_SECONDS) {
    throw conflict(
      `Your recordings hold ${Math.floor(seconds)} seconds of audio; a calibration needs at least ` +
        `${MIN_CALIBRATION_SECONDS}. Record or upload more, or upload a calibration recording.`,
    );
  }
  await rateLimited(app.db, ownerId);
  const row = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(calibrations)
      .values({
        ownerId,
        name: body.name ?? defaultAutoName(),
        status: 'processing',
        duration: Math.min(seconds, MAX_CALIBRATION_SECONDS),
        sourceRecordingIds: chosen.map((r) => r.id),
      })
      .returning();
    await enqueueCalibration(app, inserted!, tx);
    return inserted!;
  });
  return reply.code(201).send(toApiCalibration(row, app.fileUrls));
};

// ------------------------------------------------------------------------------------------ changing

/** PATCH /api/v3/calibration/{id} {name}: the name rule is the contract's ResourceName (checked before this runs). */
export const renameCalibration: Handler<'renameCalibration'> = async (request) => {
  const [row] = await request.server.db
    .update(calibrations)
    .set({ name: request.body.name })
    .where(
      and(
        eq(calibrations.id, request.params.id),
        eq(calibrations.ownerId, callerId(request)),
        isNull(calibrations.deletedAt),
      ),
    )
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return toApiCalibration(row, request.server.fileUrls);
};

/**
 * PUT /api/v3/calibration/{id}/enable: enables a calibrated calibration and disables the one enabled
 * before, in one transaction. The caller's user row is locked first, so two enables at once take turns
 * instead of tripping over the one-enabled index.
 */
export const enableCalibration: Handler<'enableCalibration'> = async (request) => {
  const ownerId = callerId(request);
  const id = request.params.id;
  const row = await request.server.db.transaction(async (tx) => {
    // One lock per owner (their user row): locking their calibration rows could deadlock two enables on
    // PostgreSQL (measured: one of four racing enables answered 500).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    const target = await findCalibration(tx, ownerId, id);
    if (target.status !== 'calibrated') {
      throw conflict(
        target.status === 'processing'
          ? 'This calibration is still being processed; it can be enabled once it is calibrated.'
          : 'This calibration failed; only a calibrated calibration can be enabled.',
      );
    }
    if (target.enabled) return target;
    await tx
      .update(calibrations)
      .set({ enabled: false })
      .where(and(eq(calibrations.ownerId, ownerId), eq(calibrations.enabled, true), ne(calibrations.id, id)));
    const [enabled] = await tx.update(calibrations).set({ enabled: true }).where(eq(calibrations.id, id)).returning();
    return enabled!;
  });
  return toApiCalibration(row, request.server.fileUrls);
};

/**
 * DELETE /api/v3/calibration/{id}?hard_delete: a soft delete hides it (and disables it); a permanent one
 * (also of one already soft-deleted) removes the row and its recording from storage.
 */
export const deleteCalibration: Handler<'deleteCalibration'> = async (request, reply) => {
  const ownerId = callerId(request);
  const { db, storage } = request.server;
  const mine = and(eq(calibrations.id, request.params.id), eq(calibrations.ownerId, ownerId));
  if (request.query.hard_delete) {
    const [gone] = await db.delete(calibrations).where(mine).returning({ key: calibrations.storageKey });
    if (!gone) throw notFound(NOT_FOUND);
    await removeStoredFiles(db, storage, request.log, [gone.key]);
  } else {
    const [hidden] = await db
      .update(calibrations)
      .set({ deletedAt: new Date(), enabled: false })
      .where(and(mine, isNull(calibrations.deletedAt)))
      .returning({ id: calibrations.id });
    if (!hidden) throw notFound(NOT_FOUND);
  }
  return reply.code(204).send();
};
