import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineHandlers, type Handler, type OperationId } from '../platform/handlers.ts';
import { HttpError } from '../platform/errors.ts';
import { exportFolder, exportProject, exportRecording } from './export.ts';
import * as folders from './folders.ts';
import * as notes from './notes.ts';
import * as projects from './projects.ts';
import * as recordings from './recordings.ts';
import { callerId, isAdmin, removeStoredFiles } from './shared.ts';
import { userStats } from './stats.ts';
import { uploadRecordings } from './upload.ts';
import * as orders from './orders.ts';
import { createTtsRecording, registerTtsJob } from './tts.ts';
import { CONVERT_JOB, convertJobKey, registerConvertJob } from './convert-job.ts';
import { registerConversionMailJob } from './conversion-mail.ts';
import type { Db } from '../platform/db.ts';
import { and, eq, inArray, or } from 'drizzle-orm';
import { recordings as recordingsTable } from '../db/schema.ts';

/** Whose projects a call is about: the caller's, or (admins only) the owner it names. */
function projectOwner(request: FastifyRequest, owner: string | undefined): string {
  const caller = callerId(request);
  if (!owner || owner === caller) return caller;
  if (!isAdmin(request)) throw new HttpError(403, 'Only admins may act on another user’s projects');
  return owner;
}

/** Removes the files of a permanent delete once its rows are gone. */
async function removeFiles(request: FastifyRequest, keys: string[]) {
  const { db, storage } = request.server;
  await removeStoredFiles(db, storage, request.log, keys);
}

// The zip exports and the upload stream their bodies, so they are written against the plain request and reply.
const streaming = <Id extends OperationId>(fn: (request: never, reply: FastifyReply) => Promise<FastifyReply>) =>
  fn as unknown as Handler<Id>;

/** Queues the convert job of a conversion in the caller's transaction. */
const enqueueConversion = (request: FastifyRequest) => (tx: Db, recordingId: string) =>
  request.server.jobs.enqueue(
    CONVERT_JOB,
    { recordingId },
    { tx, userId: callerId(request), dedupeKey: convertJobKey(recordingId) },
  );

/**
 * Before a recording is deleted: its conversions still queued or being made (or itself, if it is one) are
 * cancelled — their jobs stopped — and what they were charged goes back to the user.
 */
async function cancelConversions(request: FastifyRequest, id: string) {
  const { db, jobs } = request.server;
  const owner = callerId(request);
  const running = await db
    .select({ id: recordingsTable.id })
    .from(recordingsTable)
    .where(
      and(
        eq(recordingsTable.ownerId, owner),
        eq(recordingsTable.type, 'conversion'),
        or(eq(recordingsTable.id, id), eq(recordingsTable.originalId, id)),
        inArray(recordingsTable.state, ['queued', 'processing', 'postprocessing']),
      ),
    );
  for (const { id: conversionId } of running) {
    await db.transaction(async (tx) => {
      await jobs.cancel({ dedupeKey: convertJobKey(conversionId) }, { userId: owner, reason: 'deleted', tx });
      const [row] = await tx
        .update(recordingsTable)
        .set({ state: 'cancelled', processStage: null, updatedAt: new Date() })
        .where(
          and(
            eq(recordingsTable.id, conversionId),
            inArray(recordingsTable.state, ['queued', 'processing', 'postprocessing']),
          ),
        )
        .returning({ id: recordingsTable.id });
      if (row) await orders.refundConversion(tx, conversionId);
    });
  }
}

/**
 * The marketplace's jobs: conversions through the voice engine. The app's engine (app.voiceEngine: its
 * worker threads) starts with the first conversion this process makes and stops with the app.
 */
export const marketplacePlugin = fp(
  async (app: FastifyInstance) => {
    const engineOf = () => app.voiceEngine();
    registerConvertJob(app, engineOf);
    registerTtsJob(app, engineOf);
    registerConversionMailJob(app);
  },
  { name: 'marketplace', dependencies: ['storage', 'jobs', 'events', 'voice-engine', 'mail'] },
);

/** The marketplace service (/api). Operations without a handler here answer 501 after authentication. */
export const marketplaceHandlers = defineHandlers({
  // ── projects ──
  listProjects: async (request) =>
    projects.listProjects(request.server.db, projectOwner(request, request.query.owner), request.query),
  createProject: async (request, reply) => {
    const project = await projects.createProject(
      request.server.db,
      projectOwner(request, request.body.owner),
      request.body,
    );
    return reply.code(201).send(project);
  },
  getProjectByUrl: async (request) =>
    projects.getProjectByUrl(request.server.db, callerId(request), request.query.project_url),
  searchProjects: async (request) => projects.searchProjects(request.server.db, callerId(request), request.query),
  getProject: async (request) => projects.getProject(request.server.db, callerId(request), request.params.id),
  updateProjectModels: async (request) =>
    projects.updateProjectModels(request.server.db, callerId(request), request.params.id, request.body.models),
  renameProject: async (request) =>
    projects.renameProject(request.server.db, callerId(request), request.params.id, request.body.name),
  deleteProject: async (request) => {
    const { keys } = await projects.deleteProject(
      request.server.db,
      callerId(request),
      request.params.id,
      request.query.hard_delete === true,
    );
    await removeFiles(request, keys);
    return { id: request.params.id };
  },
  exportProject: streaming<'exportProject'>(exportProject),
  getProjectStats: async (request) =>
    projects.statsOfProjects(request.server.db, callerId(request), request.body.project_ids),

  // ── folders ──
  listFolders: async (request) => folders.listFolders(request.server.db, callerId(request), request.query),
  createFolder: async (request, reply) => {
    const folder = await folders.createFolder(request.server.db, callerId(request), request.body);
    return reply.code(201).send(folder);
  },
  searchFolders: async (request) => folders.searchFolders(request.server.db, callerId(request), request.query),
  renameFolder: async (request) =>
    folders.renameFolder(request.server.db, callerId(request), request.params.id, request.body.name),
  deleteFolder: async (request) => {
    const { keys } = await folders.deleteFolder(
      request.server.db,
      callerId(request),
      request.params.id,
      request.query.hard_delete === true,
    );
    await removeFiles(request, keys);
    return { id: request.params.id };
  },
  exportFolder: streaming<'exportFolder'>(exportFolder),
  getFolderStats: async (request) =>
    folders.statsOfFolders(request.server.db, callerId(request), request.body.folder_ids),

  // ── recordings ──
  listFolderRecordings: async (request) => {
    const rows = await recordings.listFolderRecordings(request.server.db, callerId(request), request.query.folder_id);
    return { items: rows.map((r) => recordings.toApiRecording(r, request.server.fileUrls)) };
  },
  uploadRecordings: streaming<'uploadRecordings'>(uploadRecordings),
  listOriginals: async (request) => {
    const page = await recordings.listOriginals(request.server.db, callerId(request), request.query);
    return { ...page, items: page.items.map((r) => recordings.toApiRecording(r, request.server.fileUrls)) };
  },
  exportRecording: streaming<'exportRecording'>(exportRecording),
  getRecording: async (request) =>
    recordings.toApiRecording(
      await recordings.findRecording(request.server.db, callerId(request), request.params.id),
      request.server.fileUrls,
    ),
  updateRecording: async (request) =>
    recordings.toApiRecording(
      await recordings.updateRecording(request.server.db, callerId(request), request.params.id, request.body),
      request.server.fileUrls,
    ),
  deleteRecording: async (request) => {
    await cancelConversions(request, request.params.id);
    const { ids, keys } = await recordings.deleteRecording(
      request.server.db,
      callerId(request),
      request.params.id,
      request.query.hard_delete === true,
    );
    await removeFiles(request, keys);
    return ids;
  },

  listConversions: async (request) => {
    const page = await orders.listConversions(request.server.db, callerId(request), request.query);
    return { ...page, items: page.items.map((r) => recordings.toApiRecording(r, request.server.fileUrls)) };
  },
  getConversionCount: async (request) =>
    orders.conversionCount(request.server.db, callerId(request), request.body.original_id, request.body.voice_ids),
  reportConversionIssue: async (request, reply) => {
    const issue = await orders.reportConversionIssue(
      request.server.db,
      callerId(request),
      request.params.id,
      request.body.description,
    );
    return reply.code(201).send(issue);
  },

  // ── text to speech ──
  createTtsRecording: async (request, reply) => {
    const row = await createTtsRecording(request.server, callerId(request), request.body);
    return reply.code(202).send(recordings.toApiRecording(row, request.server.fileUrls));
  },

  // ── orders ──
  createOrder: async (request, reply) => {
    const placed = await orders.placeOrder(
      request.server.db,
      callerId(request),
      request.body,
      enqueueConversion(request),
    );
    return reply.code(202).send({
      order_id: placed.orderId,
      conversions: placed.conversions.map((r) => recordings.toApiRecording(r, request.server.fileUrls)),
    });
  },
  retryOrder: async (request, reply) => {
    const row = await orders.retryConversion(
      request.server.db,
      callerId(request),
      request.params.id,
      enqueueConversion(request),
    );
    return reply.code(202).send(recordings.toApiRecording(row, request.server.fileUrls));
  },

  // ── notes ──
  listNotes: async (request) => notes.listNotes(request.server.db, callerId(request), request.query.folder_id),
  createNote: async (request, reply) => {
    const note = await notes.createNote(
      request.server.db,
      callerId(request),
      request.body.recording_id,
      request.body.text,
    );
    return reply.code(201).send(note);
  },
  updateNote: async (request) =>
    notes.updateNote(request.server.db, callerId(request), request.body.recording_id, request.body.text),
  deleteNote: async (request) => notes.deleteNote(request.server.db, callerId(request), request.body.recording_id),

  // ── stats ──
  getStats: async (request) => userStats(request.server.db, callerId(request), request.query.days),
});
