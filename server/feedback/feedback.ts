import { randomUUID } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import type { ValidateFunction } from 'ajv';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { feedback, feedbackFiles, files, npsResponses, users } from '../db/schema.ts';
import type { JsonSchema } from '../platform/contracts.ts';
import { fileTooLarge, HttpError, tooManyRequests, unauthorized } from '../platform/errors.ts';
import type { Handler } from '../platform/handlers.ts';
import { malformedForm } from '../platform/multipart.ts';
import { enforceRateLimits, type RateLimitRule } from '../platform/rate-limit.ts';
import { createAjv } from '../platform/validation.ts';
import { callerId } from '../identity/current-user.ts';
import { findLiveUser } from '../identity/users.ts';

/**
 * POST /api/v3/feedback (the provideFeedback and getHelp modals) and POST /api/v3/surveys/nps.
 *
 * Feedback arrives as multipart/form-data, which the platform does not validate: the named fields are
 * checked here against openapi/auth.yaml's FeedbackForm, and the attachments (at most
 * MAX_FEEDBACK_FILES, each at most MAX_UPLOAD_BYTES) are streamed into storage as they arrive. Only when
 * the whole form has arrived and checked out are the rows written, in one transaction; any failure
 * removes every file this request stored, so nothing is ever half-written.
 */

/** openapi/auth.yaml FeedbackForm.files maxItems. */
export const MAX_FEEDBACK_FILES = 10;
/** Feedback forms one user may send per hour, refused ones included (a form can carry 10 GiB of attachments). */
export const FEEDBACK_RATE_LIMIT: RateLimitRule = { limit: 10, windowSeconds: 3600 };
/** One NPS answer per user per this many days. */
export const NPS_INTERVAL_DAYS = 90;

const FIELDS = ['type', 'topic', 'name', 'email', 'description'] as const;
type FieldName = (typeof FIELDS)[number];
type Fields = Partial<Record<FieldName, string>>;
/** Generous for a 5000-character description in any script (up to 4 bytes a character). */
const FIELD_BYTES = 32 * 1024;

const unprocessable = (field: string, detail: string) =>
  new HttpError(422, detail, { field, errors: [{ field, message: detail }] });

let validators: { full: ValidateFunction; partial: ValidateFunction } | undefined;

/** The form's named fields checked against the contract's FeedbackForm (files apart). */
function checkFields(app: FastifyInstance, fields: Fields, complete: boolean) {
  if (!validators) {
    const op = app.operations.get('POST /api/v3/feedback');
    const form = op?.requestBody?.content['multipart/form-data']?.schema as JsonSchema | undefined;
    if (!form) throw new Error('openapi/auth.yaml has no multipart FeedbackForm for POST /api/v3/feedback');
    const properties = (form.properties ?? {}) as Record<string, JsonSchema>;
    const schema = (required: string[]) => ({
      type: 'object',
      additionalProperties: false,
      required,
      properties: Object.fromEntries(FIELDS.map((f) => [f, properties[f] ?? {}])),
    });
    const ajv = createAjv({ coerce: false, defaults: false });
    validators = {
      full: ajv.compile(schema(((form.required ?? []) as string[]).filter((f) => f !== 'files'))),
      partial: ajv.compile(schema([])),
    };
  }
  const validate = complete ? validators.full : validators.partial;
  if (!validate(fields)) {
    // The shape Fastify gives a failed request schema, so the one error handler words it the same way.
    throw Object.assign(new Error('Invalid feedback form'), { validation: validate.errors, validationContext: 'body' });
  }
}

/** Multipart's own limits and misuse, in this contract's words. */
function translate(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return unprocessable('body/files', `body/files must have at most ${MAX_FEEDBACK_FILES} files`);
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return unprocessable('body', 'The form has too many fields');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return unprocessable('body', 'Feedback must be sent as multipart/form-data');
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge();
  return malformedForm(err) ?? err;
}

/** The file's own name without any path, at most 255 characters; a made-up one if it has none. */
function fileNameOf(raw: string | undefined, index: number): string {
  const base = (raw ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\p{Cc}]/gu, '')
    .trim();
  return base ? base.slice(0, 255) : `attachment-${index + 1}`;
}

/** A storage key for attachment `index`: segments of safe characters only, the extension kept when plain. */
function keyOf(feedbackId: string, index: number, fileName: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase();
  return `feedback/${feedbackId}/${index + 1}${ext ? `.${ext}` : ''}`;
}

const contentTypeOf = (mimetype: string) =>
  /^[\w.+-]+\/[\w.+-]+$/.test(mimetype) ? mimetype.toLowerCase() : 'application/octet-stream';

interface StoredAttachment {
  key: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** Streams one attachment into storage; 413 (and nothing kept) once it passes the size limit. */
async function storeAttachment(app: FastifyInstance, part: MultipartFile, key: string, stored: string[]) {
  const contentType = contentTypeOf(part.mimetype);
  stored.push(key);
  const { size } = await app.storage.put(key, part.file, { contentType });
  if (part.file.truncated) throw fileTooLarge();
  return { size, contentType };
}

/** POST /api/v3/feedback: feedback or a help request, with up to 10 attachments, stored all or nothing. */
export const submitFeedback: Handler<'submitFeedback'> = async (request) => {
  const app = request.server;
  const userId = callerId(request);
  await enforceRateLimits(
    app.db,
    [{ key: `feedback:user:${userId}`, rule: FEEDBACK_RATE_LIMIT }],
    'Too much feedback sent. Please try again later.',
  );
  const feedbackId = randomUUID();
  const fields: Fields = {};
  const attachments: StoredAttachment[] = [];
  const stored: string[] = [];
  try {
    try {
      const parts = request.parts({
        limits: {
          fileSize: app.config.maxUploadBytes,
          files: MAX_FEEDBACK_FILES,
          fields: FIELDS.length * 2,
          fieldSize: FIELD_BYTES,
          parts: MAX_FEEDBACK_FILES + FIELDS.length * 2,
        },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          const name = part.fieldname;
          if (name === 'files') throw unprocessable('body/files', 'body/files must be files');
          if (!(FIELDS as readonly string[]).includes(name)) {
            throw unprocessable(`body/${name}`, `body/${name} is not an accepted field`);
          }
          if (fields[name as FieldName] !== undefined) {
            throw unprocessable(`body/${name}`, `body/${name} must be given once`);
          }
          if (part.valueTruncated) throw unprocessable(`body/${name}`, `body/${name} is too long`);
          fields[name as FieldName] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'files') {
          throw unprocessable(
            `body/${part.fieldname}`,
            `body/${part.fieldname} is not an accepted field: send files as files`,
          );
        }
        // A file input left empty still sends a part: no name, no bytes. It is not an attachment.
        if (!part.filename) {
          let bytes = 0;
          for await (const chunk of part.file as AsyncIterable<Buffer>) bytes += chunk.length;
          if (bytes === 0) continue;
        }
        // The fields sent before the files are checked before any file is received.
        if (attachments.length === 0) checkFields(app, fields, false);
        const index = attachments.length;
        const fileName = fileNameOf(part.filename, index);
        const key = keyOf(feedbackId, index, fileName);
        const { size, contentType } = await storeAttachment(app, part, key, stored);
        attachments.push({ key, fileName, contentType, size });
      }
    } catch (err) {
      throw translate(err);
    }
    checkFields(app, fields, true);

    const user = await findLiveUser(app.db, userId);
    if (!user) throw unauthorized();
    const name = fields.name?.trim() || `${user.firstName} ${user.lastName}`.trim() || null;
    await app.db.transaction(async (tx) => {
      await tx.insert(feedback).values({
        id: feedbackId,
        userId,
        type: fields.type!,
        topic: fields.topic!.trim(),
        name,
        email: fields.email?.trim() || user.email,
        description: fields.description!.trim(),
      });
      if (attachments.length === 0) return;
      await tx.insert(feedbackFiles).values(
        attachments.map((a) => ({
          feedbackId,
          storageKey: a.key,
          fileName: a.fileName,
          contentType: a.contentType,
          size: a.size,
        })),
      );
      await tx.insert(files).values(
        attachments.map((a) => ({
          ownerId: userId,
          storageKey: a.key,
          kind: 'feedback',
          contentType: a.contentType,
          size: a.size,
        })),
      );
    });
    return { detail: 'Feedback submitted successfully' };
  } catch (err) {
    for (const key of stored) {
      await app.storage
        .delete(key)
        .catch((e: unknown) => request.log.error({ err: e, key }, 'could not remove a feedback attachment'));
    }
    throw err;
  }
};

/**
 * POST /api/v3/surveys/nps: one answer per user per NPS_INTERVAL_DAYS; an earlier one within that time
 * is a 429 whose retry_after says when the survey opens again. Answers of one user are taken one at a
 * time (a row lock on the user), so a double submit records one.
 */
export const submitNpsSurvey: Handler<'submitNpsSurvey'> = async (request, reply) => {
  const userId = callerId(request);
  const { score, comment } = request.body;
  const retryAfter = await request.server.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw unauthorized();
    const [last] = await tx
      .select({ createdAt: npsResponses.createdAt })
      .from(npsResponses)
      .where(eq(npsResponses.userId, userId))
      .orderBy(desc(npsResponses.createdAt))
      .limit(1);
    const opensAt = last ? last.createdAt.getTime() + NPS_INTERVAL_DAYS * 86_400_000 : 0;
    if (opensAt > Date.now()) return Math.ceil((opensAt - Date.now()) / 1000);
    await tx.insert(npsResponses).values({ userId, score, comment: comment?.trim() || null });
    return 0;
  });
  if (retryAfter > 0) {
    throw tooManyRequests(`You have answered this survey in the last ${NPS_INTERVAL_DAYS} days.`, retryAfter);
  }
  return reply.code(204).send();
};
