import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import type { ValidateFunction } from 'ajv';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { folders, recordings, type NewRecording } from '../db/schema.ts';
import { stageAudio, uploadTempDir, type StagedAudio } from '../platform/audio-upload.ts';
import type { JsonSchema } from '../platform/contracts.ts';
import { createAjv } from '../platform/validation.ts';
import { malformedForm } from '../platform/multipart.ts';
import { findFolder } from './folders.ts';
import { labelFromFileName } from './names.ts';
import { planOf, recordingLimitSeconds } from './plan.ts';
import { findProject } from './projects.ts';
import { toApiRecording } from './recordings.ts';
import { callerId, registerFiles, touchProject, unprocessable, type StoredFileEntry } from './shared.ts';

/** SPEC.md section 5: at most 100 files in one upload. */
export const MAX_FILES_PER_UPLOAD = 100;

const FIELDS = ['project_id', 'parent_folder_id', 'microphone'] as const;
type Fields = Partial<Record<(typeof FIELDS)[number], string>>;

let validateFields: ValidateFunction | undefined;

/** The form's named fields checked against openapi/marketplace.yaml's UploadRecordingsForm (without data). */
function checkFields(app: FastifyInstance, fields: Fields) {
  if (!validateFields) {
    const op = app.operations.get('POST /api/recordings');
    const form = op?.requestBody?.content['multipart/form-data']?.schema as JsonSchema | undefined;
    const properties = (form?.properties ?? {}) as Record<string, JsonSchema>;
    validateFields = createAjv({ coerce: false, defaults: false }).compile({
      type: 'object',
      additionalProperties: false,
      required: ((form?.required ?? []) as string[]).filter((f) => f !== 'data'),
      properties: Object.fromEntries(FIELDS.map((f) => [f, properties[f] ?? {}])),
    });
  }
  if (!validateFields(fields)) {
    // The shape Fastify gives a failed request schema, so the one error handler words it the same way.
    throw Object.assign(new Error('Invalid upload form'), {
      validation: validateFields.errors,
      validationContext: 'body',
    });
  }
}

/** The folder the originals go into: a live folder of the caller's live project (404 otherwise, 422 if they do not match). */
async function resolveTarget(app: FastifyInstance, ownerId: string, fields: Fields) {
  const project = await findProject(app.db, ownerId, fields.project_id!, { live: true });
  const folder = await findFolder(app.db, ownerId, fields.parent_folder_id!);
  if (folder.projectId !== project.id || folder.deletedAt) {
    throw unprocessable('body/parent_folder_id', 'body/parent_folder_id must be an active folder of the project');
  }
  return { projectId: project.id, folderId: folder.id };
}

/** Multipart's own limits and misuse, in this contract's words. */
function translate(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return unprocessable('body/data', `At most ${MAX_FILES_PER_UPLOAD} files can be uploaded at once`);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return unprocessable('body', 'The form has too many fields');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return unprocessable('body', 'The upload must be sent as multipart/form-data');
  }
  return malformedForm(err) ?? err;
}

/**
 * POST /api/recordings: every file of the form becomes an original, all or none. Files are streamed to
 * temporary files (never held in memory) and analysed on the way (duration, waveform peaks); only when
 * the whole form has arrived and checked out are they moved into storage and their rows written. Any
 * failure removes everything this request wrote.
 */
export async function uploadRecordings(request: FastifyRequest, reply: FastifyReply) {
  const app = request.server;
  const ownerId = callerId(request);
  const limitSeconds = recordingLimitSeconds(await planOf(app.db, ownerId));
  const tmpDir = await uploadTempDir(app);
  const fields: Fields = {};
  const staged: StagedAudio[] = [];
  const storedKeys: string[] = [];
  let target: { projectId: string; folderId: string } | undefined;
  try {
    try {
      const parts = request.parts({
        limits: {
          fileSize: app.config.maxUploadBytes,
          files: MAX_FILES_PER_UPLOAD,
          fields: FIELDS.length * 2,
          parts: MAX_FILES_PER_UPLOAD + FIELDS.length * 2,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          const name = part.fieldname as keyof Fields;
          if ((name as string) === 'data') throw unprocessable('body/data', 'body/data must be a file');
          if (!(FIELDS as readonly string[]).includes(name)) {
            throw unprocessable(`body/${name}`, `body/${name} is not an accepted field`);
          }
          if (fields[name] !== undefined) throw unprocessable(`body/${name}`, `body/${name} must be given once`);
          fields[name] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'data') {
          throw unprocessable(
            `body/${part.fieldname}`,
            `body/${part.fieldname} is not an accepted field: send files as data`,
          );
        }
        // Fields sent before the files are checked before any file is received.
        if (!target && fields.project_id !== undefined && fields.parent_folder_id !== undefined) {
          checkFields(app, { project_id: fields.project_id, parent_folder_id: fields.parent_folder_id });
          target = await resolveTarget(app, ownerId, fields);
        }
        staged.push(await stageAudio(part, tmpDir, { maxSeconds: limitSeconds }));
      }
    } catch (err) {
      throw translate(err);
    }
    checkFields(app, fields);
    if (staged.length === 0) throw unprocessable('body/data', 'body/data is required');
    target ??= await resolveTarget(app, ownerId, fields);

    const now = Date.now();
    const rows: NewRecording[] = [];
    const registry: StoredFileEntry[] = [];
    for (const [i, file] of staged.entries()) {
      const id = randomUUID();
      const audioKey = `recordings/${id}/audio.${file.info.ext}`;
      const peaksKey = `recordings/${id}/peaks.json`;
      const temp = file.tempPath!;
      file.tempPath = null;
      storedKeys.push(audioKey);
      await app.storage.putFile(audioKey, temp, { contentType: file.info.contentType });
      const peaks = Buffer.from(JSON.stringify(file.peaks));
      storedKeys.push(peaksKey);
      await app.storage.put(peaksKey, peaks, { contentType: 'application/json' });
      registry.push(
        { key: audioKey, kind: 'recording', contentType: file.info.contentType, size: file.size },
        { key: peaksKey, kind: 'waveform', contentType: 'application/json', size: peaks.length },
      );
      rows.push({
        id,
        ownerId,
        projectId: target.projectId,
        parentFolderId: target.folderId,
        storageKey: audioKey,
        waveformKey: peaksKey,
        fileName: file.fileName,
        label: labelFromFileName(file.fileName),
        state: 'done',
        type: 'original',
        microphone: fields.microphone?.trim() || null,
        size: file.size,
        duration: file.info.duration,
        // One millisecond apart, so "newest first" keeps the upload order.
        createdAt: new Date(now + i),
        updatedAt: new Date(now + i),
      });
    }
    const { folderId, projectId } = target;
    const inserted = await app.db.transaction(async (tx) => {
      const result = await tx.insert(recordings).values(rows).returning();
      await registerFiles(tx, ownerId, registry);
      await tx.update(folders).set({ updatedAt: new Date() }).where(eq(folders.id, folderId));
      await touchProject(tx, projectId, true);
      return result;
    });
    const byId = new Map(inserted.map((r) => [r.id, r]));
    return reply.code(200).send({ items: rows.map((r) => toApiRecording(byId.get(r.id!)!, app.fileUrls)) });
  } catch (err) {
    for (const key of storedKeys) {
      await app.storage
        .delete(key)
        .catch((e: unknown) => request.log.error({ err: e, key }, 'could not undo an upload'));
    }
    throw err;
  } finally {
    for (const file of staged) if (file.tempPath) await unlink(file.tempPath).catch(() => undefined);
  }
}
