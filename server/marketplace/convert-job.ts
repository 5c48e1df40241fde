import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rm } from 'node:fs/promises';
import { calibrations, narrationStyles, projects, recordings, users, voices, type Recording } from '../db/schema.ts';
import { NotAudioError, TooLongError } from '../audio/analyze.ts';
import { calibratedShift } from '../audio/engine/dsp-engine.ts';
import { NEUTRAL_STYLE, type AdvancedSettings, type ConvertParams, type Engine } from '../audio/engine/types.ts';
import { PermanentJobError, type JobContext } from '../jobs/index.ts';
import { publishUserEvent } from '../notifications/scope.ts';
import { loadCredits } from '../billing/credits.ts';
import type { Db } from '../platform/db.ts';
import { refundConversion } from './orders.ts';
import { toApiRecording } from './recordings.ts';
import { storeResult } from './result-files.ts';
import { queueConversionMail } from './conversion-mail.ts';

declare module '../jobs/index.ts' {
  interface JobPayloads {
    convert: { recordingId: string };
  }
}

/** The job kind of one conversion, and its dedupe key (at most one queued or running per conversion). */
export const CONVERT_JOB = 'convert';
export const convertJobKey = (recordingId: string) => `convert:${recordingId}`;

/** How often (at most) a conversion writes its stage and tells the user, per conversion. */
const PROGRESS_EVERY_MS = 250;

async function projectUrlOf(db: Db, projectId: string): Promise<string> {
  const [row] = await db
    .select({ slug: projects.slug, owner: users.username })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(eq(projects.id, projectId))
    .limit(1);
  return row ? `/${row.owner}/${row.slug}` : '/projects';
}

/**
 * What the engine needs of the order's calibration: the speaker's median F0 it measured and the voice's own
 * median. None when the order used no calibration, its analysis found no profile, it has since been removed for
 * good, or the voice has no measured pitch: the conversion then shifts by the voice's own offset, as without.
 */
async function calibrationOf(
  db: Db,
  row: Recording,
  voicePitchHz: number | null,
): Promise<ConvertParams['calibration'] | undefined> {
  if (!row.calibrationId || !voicePitchHz || voicePitchHz <= 0) return undefined;
  const [found] = await db
    .select({ profile: calibrations.profile })
    .from(calibrations)
    .where(and(eq(calibrations.id, row.calibrationId), eq(calibrations.ownerId, row.ownerId)))
    .limit(1);
  const speakerF0Hz = found?.profile?.f0_median_hz;
  return speakerF0Hz && speakerF0Hz > 0 ? { speakerF0Hz, voiceF0Hz: voicePitchHz } : undefined;
}

function publishProgress(row: Recording, state: Recording['state'], stage: string, etaSeconds: number | null) {
  void publishUserEvent(row.ownerId, {
    type: 'conversion.processing',
    data: {
      recording_id: row.id,
      original_id: row.originalId!,
      project_id: row.projectId,
      folder_id: row.parentFolderId,
      state: state as 'queued' | 'processing' | 'postprocessing',
      process_stage: stage,
      eta_seconds: etaSeconds,
    },
  });
}

/**
 * Registers the convert job: the voice engine turns the original into the conversion's voice, chunk by
 * chunk (process_stage "current/total" and conversion.processing events as it goes), the WAV, MP3 and peaks
 * are stored, and the conversion is marked done in the same transaction as the job — so a worker that dies
 * leaves the job to be taken again and never two results. A conversion that fails for good is marked
 * error, its charge refunded, and the user told.
 */
export function registerConvertJob(app: FastifyInstance, engineOf: () => Engine) {
  const { db, storage, fileUrls } = app;

  /**
   * Tells the user a conversion ended. Inside the transaction that records it the events are written with it
   * (awaited, before it commits), so it must not query outside that transaction: on PGlite that would wait for itself.
   */
  async function finished(row: Recording, projectUrl: string) {
    await publishUserEvent(row.ownerId, {
      type: 'conversion.finished',
      data: { recording: toApiRecording(row, fileUrls), project_url: projectUrl },
    });
    await publishUserEvent(row.ownerId, {
      type: 'conversion.notification',
      data:
        row.state === 'done'
          ? {
              type: 'success',
              channel: 'conversion',
              position: 'bottom',
              messages: { projectUrl, folderId: row.parentFolderId, originalId: row.originalId! },
              recording_id: row.id,
              original_id: row.originalId,
            }
          : {
              type: 'error',
              channel: 'conversion',
              position: 'bottom',
              messages: {
                message: `The conversion into ${row.voiceName ?? 'the voice'} failed: ${row.error ?? 'unknown error'}`,
              },
              recording_id: row.id,
              original_id: row.originalId,
            },
    });
  }

  async function run(job: JobContext<{ recordingId: string }>) {
    const [row] = await db.select().from(recordings).where(eq(recordings.id, job.payload.recordingId)).limit(1);
    // Deleted or cancelled meanwhile: nothing to do.
    if (!row || row.deletedAt || row.state === 'cancelled' || row.state === 'done') return;
    const [original] = await db.select().from(recordings).where(eq(recordings.id, row.originalId!)).limit(1);
    if (!original?.storageKey || original.deletedAt) throw new PermanentJobError('The original is no longer there');
    const [voice] = row.voiceId ? await db.select().from(voices).where(eq(voices.id, row.voiceId)).limit(1) : [];
    if (!voice) throw new PermanentJobError('The voice is no longer available');
    const [style] = row.narrationStyleId
      ? await db.select().from(narrationStyles).where(eq(narrationStyles.id, row.narrationStyleId)).limit(1)
      : [];
    // The user's advanced settings as they were at order time (orders.ts records them in params).
    const params: AdvancedSettings = {
      denoise: row.params.denoise === true,
      normalize: row.params.normalize === true,
      denormalize: row.params.denormalize === true,
      hft: row.params.hft === true,
      emotional_scale: typeof row.params.emotional_scale === 'number' ? row.params.emotional_scale : 0.5,
    };
    const projectUrl = await projectUrlOf(db, row.projectId);
    const calibration = await calibrationOf(db, row, voice.pitch);

    const startedAt = Date.now();
    await db
      .update(recordings)
      .set({
        state: 'processing',
        processStage: '0',
        error: null,
        // The shift the calibration gives, semitones (SPEC.md's calibration_value).
        calibrationValue: calibration
          ? Math.round(calibratedShift(calibration.speakerF0Hz, calibration.voiceF0Hz) * 100) / 100
          : null,
        updatedAt: new Date(),
      })
      .where(eq(recordings.id, row.id));
    publishProgress(row, 'processing', '0', null);

    let lastWrite = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const onProgress = (current: number, total: number) => {
      const now = Date.now();
      const last = current === total;
      if (!last && now - lastWrite < PROGRESS_EVERY_MS) return;
      lastWrite = now;
      const stage = `${current}/${total}`;
      const perStep = (now - startedAt) / current;
      // The displayed total is chunks + 1: the last step is encoding and storing.
      const eta = Math.max(0, Math.round((perStep * (total + 1 - current)) / 1000));
      const state = last ? 'postprocessing' : 'processing';
      pending = pending
        .then(() =>
          db
            .update(recordings)
            .set({ state, processStage: stage, updatedAt: new Date() })
            .where(and(eq(recordings.id, row.id), inArray(recordings.state, ['processing', 'postprocessing']))),
        )
        .catch(() => undefined);
      publishProgress(row, state, stage, eta);
    };

    const outDir = await app.workDir(job);
    try {
      const source = await storage.get(original.storageKey);
      const result = await engineOf()
        .convert(
          { bytes: source },
          {
            preset: voice.enginePreset,
            semitones: row.semitonesCorrection ?? 0,
            ...(calibration ? { calibration } : {}),
            narrationStyle: style?.enginePreset ?? NEUTRAL_STYLE,
            denoise: params.denoise,
            normalise: params.normalize,
            denormalise: params.denormalize,
            hft: params.hft,
            emotionalScale: params.emotional_scale,
          },
          { outDir, baseName: 'conversion', onProgress, signal: job.signal },
        )
        .catch((err: unknown) => {
          // The same input would fail the same way again: no retry.
          if (err instanceof NotAudioError || err instanceof TooLongError || err instanceof RangeError) {
            throw new PermanentJobError(err.message);
          }
          throw err;
        });
      await pending;
      job.signal.throwIfAborted();
      const files = await storeResult(storage, row.id, result);
      try {
        await job.finish(async (tx) => {
          const updated = await files.record(tx, row.ownerId);
          if (updated) {
            await finished(updated, projectUrl);
            await queueConversionMail(app, tx, updated);
          }
        });
      } finally {
        // Whatever did not become part of a finished conversion goes (a lost or cancelled job's files).
        await files.discard();
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }

  app.jobs.register<'convert'>(CONVERT_JOB, run, {
    // Conversions use every core through the engine's own pool: one at a time per worker keeps them fast.
    concurrency: 1,
    onFailed: async (failed) => {
      const message = failed.error.replace(/^Error: /, '');
      const [current] = await db
        .select({ projectId: recordings.projectId })
        .from(recordings)
        .where(eq(recordings.id, failed.payload.recordingId))
        .limit(1);
      if (!current) return;
      const projectUrl = await projectUrlOf(db, current.projectId);
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(recordings)
          .set({ state: 'error', error: message, processStage: null, updatedAt: new Date() })
          .where(and(eq(recordings.id, failed.payload.recordingId), eq(recordings.type, 'conversion')))
          .returning();
        if (!row || row.deletedAt) return null;
        return { row, refunded: await refundConversion(tx, row.id) };
      });
      // Told once the failure and the refund are committed.
      if (!outcome) return;
      await finished(outcome.row, projectUrl);
      if (outcome.refunded > 0) {
        void publishUserEvent(outcome.row.ownerId, {
          type: 'credits.updated2',
          data: { credits: await loadCredits(db, outcome.row.ownerId) },
        });
      }
    },
  });
}
