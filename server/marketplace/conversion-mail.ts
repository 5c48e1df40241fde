import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { projects, recordings, users } from '../db/schema.ts';
import { conversionFinishedMessage } from '../mail/templates.ts';
import type { Db } from '../platform/db.ts';

declare module '../jobs/index.ts' {
  interface JobPayloads {
    'mail.conversion-finished': { recordingId: string };
  }
}

/** The job kind of the opt-in e-mail of one finished conversion, and its dedupe key. */
export const CONVERSION_MAIL_JOB = 'mail.conversion-finished';
export const conversionMailKey = (recordingId: string) => `conversion-mail:${recordingId}`;

/** Whether the user opted in to an e-mail when a conversion finishes (PUT /api/v3/settings). */
async function wantsConversionMail(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean | null>`(${users.data} -> 'notifications' ->> 'email')::boolean` })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row?.on === true;
}

/**
 * In the transaction that marks a conversion done: queues its e-mail when the owner opted in. Queued with
 * the result, the e-mail is sent once the conversion is committed — and only then — even if this process
 * stops meanwhile; a finished conversion's key is taken once, so it is never queued twice.
 */
export async function queueConversionMail(app: FastifyInstance, tx: Db, conversion: { id: string; ownerId: string }) {
  if (!(await wantsConversionMail(tx, conversion.ownerId))) return;
  await app.jobs.enqueue(
    CONVERSION_MAIL_JOB,
    { recordingId: conversion.id },
    { tx, userId: conversion.ownerId, dedupeKey: conversionMailKey(conversion.id), maxAttempts: 5 },
  );
}

/**
 * Registers the job that sends the e-mail: the recording's name (its original's), the voice, and a link to the
 * recording on its project page. Nothing is sent if the user has since turned the e-mails off, deleted the
 * account or the conversion. A mail server that refuses is tried again (the queue's backoff).
 */
export function registerConversionMailJob(app: FastifyInstance) {
  const { db, config, mail } = app;
  app.jobs.register<'mail.conversion-finished'>(CONVERSION_MAIL_JOB, async (job) => {
    const [row] = await db
      .select({
        ownerId: recordings.ownerId,
        state: recordings.state,
        originalId: recordings.originalId,
        folderId: recordings.parentFolderId,
        voiceName: recordings.voiceName,
        label: recordings.label,
        projectName: projects.name,
        projectSlug: projects.slug,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
      })
      .from(recordings)
      .innerJoin(projects, eq(projects.id, recordings.projectId))
      .innerJoin(users, eq(users.id, recordings.ownerId))
      .where(and(eq(recordings.id, job.payload.recordingId), isNull(recordings.deletedAt), isNull(users.deletedAt)))
      .limit(1);
    if (!row || row.state !== 'done' || !(await wantsConversionMail(db, row.ownerId))) return;
    const [original] = row.originalId
      ? await db
          .select({ label: recordings.label, fileName: recordings.fileName })
          .from(recordings)
          .where(eq(recordings.id, row.originalId))
          .limit(1)
      : [];
    // The project page opens the recording in its folder (the client's originalHref).
    const query = new URLSearchParams();
    if (row.folderId) query.set('folder', row.folderId);
    if (row.originalId) query.set('original', row.originalId);
    await mail.send(
      conversionFinishedMessage({
        to: row.email,
        firstName: row.firstName,
        recordingName: original?.label || original?.fileName || row.label || 'your recording',
        voiceName: row.voiceName ?? 'the voice you chose',
        projectName: row.projectName,
        link: `${config.publicUrl}/${row.username}/${row.projectSlug}?${query.toString()}`,
        settingsLink: `${config.publicUrl}/account`,
      }),
    );
  });
}
