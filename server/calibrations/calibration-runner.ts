import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createAudioAnalyzer,
  createVoiceAnalyzer,
  NotAudioError,
  NoVoiceError,
  type VoiceAnalyzer,
  type VoiceProfile,
} from '../audio/index.ts';
import { calibrations, recordings, type Calibration } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import type { Jobs as _Jobs } from '../jobs/index.ts';
import { publishUserEvent } from '../notifications/scope.ts';
import { MAX_CALIBRATION_SECONDS, MIN_CALIBRATION_SECONDS, toApiCalibration } from './calibration-rules.ts';

/**
 * Processing of calibrations: a calibration is answered in status processing and analysed afterwards by
 * the job queue (kind `calibrate`, one at a time per worker: the analysis takes a core for a few seconds).
 * The job is queued in the transaction that creates the calibration (enqueueCalibration), so one exists
 * for every calibration in processing, survives a restart and runs on whichever worker takes it.
 * processCalibration is the whole job for one calibration and safe to run again (a worker that died
 * mid-way leaves the row in processing, and the retry finishes it).
 */

/** What processing needs of the app. */
export type RunnerApp = Pick<FastifyInstance, 'db' | 'storage' | 'fileUrls' | 'log' | 'config'>;

/** A failure the user is told about as it is (the other failures are logged and worded generally). */
class CalibrationFailure extends Error {}

const COULD_NOT_ANALYSE = 'The calibration recording could not be analysed. Please try again with another recording.';

/**
 * Decodes one stored file into `voice`, chunk by chunk, until the file ends or `voice` is full. An M4A is
 * first copied to a local file: one whose index follows its audio is read in fast-start order from it.
 */
async function decodeInto(app: RunnerApp, key: string, voice: VoiceAnalyzer, signal?: AbortSignal) {
  let temp: string | undefined;
  try {
    let source: AsyncIterable<Uint8Array>;
    if (key.endsWith('.m4a')) {
      const dir = path.join(app.config.dataDir, 'tmp', 'calibrations');
      await mkdir(dir, { recursive: true });
      temp = path.join(dir, randomUUID());
      await pipeline(await app.storage.get(key), createWriteStream(temp, { flags: 'wx' }));
      source = createReadStream(temp);
    } else {
      source = await app.storage.get(key);
    }
    const decoder = createAudioAnalyzer({
      ...(temp ? { file: temp } : {}),
      onAudio: (channels, sampleRate) => voice.add(channels, sampleRate),
    });
    try {
      // Leaving the loop early destroys the stream.
      for await (const chunk of source) {
        signal?.throwIfAborted();
        await decoder.write(chunk);
        if (voice.full) break;
      }
      if (voice.full) decoder.abort();
      else await decoder.end();
    } catch (err) {
      decoder.abort();
      throw err;
    }
  } finally {
    if (temp) await unlink(temp).catch(() => undefined);
  }
  voice.endSource();
}

/** The stored files to analyse: the uploaded recording, or the user's originals that still exist, in order. */
async function sourcesOf(app: RunnerApp, row: Calibration): Promise<string[]> {
  if (row.storageKey) return [row.storageKey];
  const ids = row.sourceRecordingIds ?? [];
  if (ids.length === 0) return [];
  const found = await app.db
    .select({ id: recordings.id, key: recordings.storageKey })
    .from(recordings)
    .where(and(eq(recordings.ownerId, row.ownerId), inArray(recordings.id, ids), isNull(recordings.deletedAt)));
  const byId = new Map(found.map((r) => [r.id, r.key]));
  return ids.map((id) => byId.get(id)).filter((key): key is string => !!key);
}

async function analyse(app: RunnerApp, row: Calibration, signal?: AbortSignal): Promise<VoiceProfile> {
  const voice = createVoiceAnalyzer({ maxSeconds: MAX_CALIBRATION_SECONDS });
  for (const key of await sourcesOf(app, row)) {
    try {
      await decodeInto(app, key, voice, signal);
    } catch (err) {
      if (err instanceof NotAudioError) throw new CalibrationFailure('The calibration recording could not be decoded.');
      throw err;
    }
    if (voice.full) break;
  }
  // An upload was checked at the door; originals may have been deleted since they were chosen.
  if (voice.seconds < MIN_CALIBRATION_SECONDS - 0.5) {
    throw new CalibrationFailure(
      `The recordings hold less than ${MIN_CALIBRATION_SECONDS} seconds of audio (${voice.seconds.toFixed(1)} s).`,
    );
  }
  try {
    return voice.finish();
  } catch (err) {
    if (err instanceof NoVoiceError) throw new CalibrationFailure(err.message);
    throw err;
  }
}

/**
 * Analyses one calibration in status processing and stores the result (status calibrated with the
 * speaker's profile, or error with the reason), then tells its owner with calibration.notification.
 * Anything else (already done, gone) is left alone, so running it twice is harmless. When `signal` aborts
 * (the job was cancelled, or its worker is stopping) it throws and leaves the row in processing.
 */
export async function processCalibration(app: RunnerApp, id: string, signal?: AbortSignal): Promise<void> {
  const [row] = await app.db.select().from(calibrations).where(eq(calibrations.id, id));
  if (!row || row.status !== 'processing') return;
  let update: Partial<Calibration>;
  try {
    const profile = await analyse(app, row, signal);
    update = {
      status: 'calibrated',
      pitchHz: profile.f0_median_hz,
      profile,
      // An upload's duration is the file's; a calibration from originals lasts what was analysed of them.
      duration: row.storageKey ? row.duration : profile.analyzed_seconds,
      calibratedAt: new Date(),
      error: null,
    };
  } catch (err) {
    // Stopped from outside: not the recording's fault; the job decides what happens next.
    if (signal?.aborted) throw err;
    if (!(err instanceof CalibrationFailure)) app.log.error({ err, calibrationId: id }, 'calibration analysis failed');
    update = { status: 'error', error: err instanceof CalibrationFailure ? err.message : COULD_NOT_ANALYSE };
  }
  const [done] = await app.db
    .update(calibrations)
    .set(update)
    .where(and(eq(calibrations.id, id), eq(calibrations.status, 'processing')))
    .returning();
  // Deleted for good meanwhile: the owner is still told how it ended, with no calibration to show.
  if (!done) {
    const [still] = await app.db.select({ id: calibrations.id }).from(calibrations).where(eq(calibrations.id, id));
    // Processed by someone else meanwhile: they told the owner.
    if (still) return;
  }
  await announce(app, row, done, update);
}

/** Tells the owner how a calibration ended (calibration.notification); `done` is absent when it was deleted for good. */
async function announce(app: RunnerApp, row: Calibration, done: Calibration | undefined, update: Partial<Calibration>) {
  const id = row.id;
  const status = done?.status ?? update.status!;
  const name = done?.name ?? row.name;
  await publishUserEvent(row.ownerId, {
    type: 'calibration.notification',
    data: {
      type: status === 'calibrated' ? 'success' : 'error',
      channel: 'general',
      position: 'bottom',
      messages:
        status === 'calibrated'
          ? `Calibration "${name}" is ready.`
          : { error_code: 'calibration_failed', detail: update.error ?? COULD_NOT_ANALYSE },
      calibration_id: id,
      status: status === 'calibrated' ? 'calibrated' : 'error',
      calibration: done && !done.deletedAt ? toApiCalibration(done, app.fileUrls) : null,
    },
  });
}

/**
 * Queues the analysis of a calibration, in `tx` when given (the transaction that writes the calibration).
 * A calibration has at most one analysis queued or running (its dedupe key).
 */
export function enqueueCalibration(
  app: Pick<FastifyInstance, 'jobs'>,
  calibration: Pick<Calibration, 'id' | 'ownerId'>,
  tx?: Db,
) {
  return app.jobs.enqueue(
    'calibrate',
    { calibrationId: calibration.id },
    { userId: calibration.ownerId, dedupeKey: `calibrate:${calibration.id}`, ...(tx ? { tx } : {}) },
  );
}

/**
 * A calibration whose analysis failed for good (the database kept failing, or workers died on it every
 * time) ends in error rather than in processing forever, and its owner is told.
 */
export async function failCalibration(app: RunnerApp, id: string): Promise<void> {
  const update: Partial<Calibration> = { status: 'error', error: COULD_NOT_ANALYSE };
  const [done] = await app.db
    .update(calibrations)
    .set(update)
    .where(and(eq(calibrations.id, id), eq(calibrations.status, 'processing')))
    .returning();
  if (done) await announce(app, done, done, update);
}

/**
 * Queues the analysis of every calibration in processing that has none queued or running (left by a
 * process that stopped before the queue existed, or written straight into the table); answers their ids.
 */
export async function recoverCalibrations(app: Pick<FastifyInstance, 'db' | 'jobs'>): Promise<string[]> {
  const left = await app.db
    .select({ id: calibrations.id, ownerId: calibrations.ownerId })
    .from(calibrations)
    .where(
      and(
        eq(calibrations.status, 'processing'),
        sql`not exists (select 1 from jobs j where j.dedupe_key = 'calibrate:' || ${calibrations.id}::text
          and j.state in ('queued', 'running'))`,
      ),
    )
    .orderBy(calibrations.createdAt);
  const queued: string[] = [];
  for (const row of left) if ((await enqueueCalibration(app, row)).created) queued.push(row.id);
  return queued;
}

/**
 * Registers the `calibrate` job (one analysis at a time per worker) and, once the app is ready, queues
 * the calibrations in processing that have no job.
 */
export const calibrationsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.register(
      'calibrate',
      async (job) => {
        await processCalibration(app, job.payload.calibrationId, job.signal);
      },
      { concurrency: 1, onFailed: (job) => failCalibration(app, job.payload.calibrationId) },
    );
    app.addHook('onReady', async () => {
      await recoverCalibrations(app);
    });
  },
  { name: 'calibrations', dependencies: ['storage', 'jobs', 'events'] },
);
