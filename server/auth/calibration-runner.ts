import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, inArray, isNull } from 'drizzle-orm';
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
import { publishUserEvent } from '../notifications/events.ts';
import { MAX_CALIBRATION_SECONDS, MIN_CALIBRATION_SECONDS, toApiCalibration } from './calibrations.ts';

/**
 * Processing of calibrations: a calibration is answered in status processing and analysed afterwards,
 * here, one at a time in this process (the analysis takes a core for a few seconds). processCalibration
 * is the whole job for one calibration and safe to run again, so the durable job queue of issue 6 can
 * call it as it is; until then installCalibrationRunner queues it in memory and, on start, queues again
 * every calibration a stopped process left in processing.
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
async function decodeInto(app: RunnerApp, key: string, voice: VoiceAnalyzer) {
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

async function analyse(app: RunnerApp, row: Calibration): Promise<VoiceProfile> {
  const voice = createVoiceAnalyzer({ maxSeconds: MAX_CALIBRATION_SECONDS });
  for (const key of await sourcesOf(app, row)) {
    try {
      await decodeInto(app, key, voice);
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
 * Anything else (already done, gone) is left alone, so running it twice is harmless.
 */
export async function processCalibration(app: RunnerApp, id: string): Promise<void> {
  const [row] = await app.db.select().from(calibrations).where(eq(calibrations.id, id));
  if (!row || row.status !== 'processing') return;
  let update: Partial<Calibration>;
  try {
    const profile = await analyse(app, row);
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
  const status = done?.status ?? update.status!;
  const name = done?.name ?? row.name;
  publishUserEvent(row.ownerId, {
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

export interface CalibrationRunner {
  /** Queues a calibration; it is processed after what is already queued. */
  enqueue(id: string): void;
  /** Resolves once everything queued so far has been processed. */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    calibrationRunner: CalibrationRunner;
  }
}

/** One calibration at a time, in the order queued; a calibration already waiting is not queued twice. */
export function createCalibrationRunner(app: RunnerApp): CalibrationRunner & { close(): Promise<void> } {
  const waiting = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  let closing = false;
  return {
    enqueue(id) {
      if (closing || waiting.has(id)) return;
      waiting.add(id);
      chain = chain.then(async () => {
        waiting.delete(id);
        // Left in processing when the app is closing: the next start picks it up.
        if (closing) return;
        try {
          await processCalibration(app, id);
        } catch (err) {
          // The database went away mid-way: the row stays in processing for the next start.
          app.log.error({ err, calibrationId: id }, 'could not process a calibration');
        }
      });
    },
    idle: () => chain,
    async close() {
      closing = true;
      await chain;
    },
  };
}

/** Queues every calibration left in processing (by a process that stopped mid-way); answers their ids. */
export async function recoverCalibrations(app: Pick<FastifyInstance, 'db' | 'calibrationRunner'>): Promise<string[]> {
  const left = await app.db
    .select({ id: calibrations.id })
    .from(calibrations)
    .where(eq(calibrations.status, 'processing'))
    .orderBy(calibrations.createdAt);
  for (const { id } of left) app.calibrationRunner.enqueue(id);
  return left.map((r) => r.id);
}

/**
 * Gives the app its calibration runner: calibrations left in processing are queued again once the app is
 * ready, and closing waits for the one being analysed (the rest stay in processing for the next start).
 */
export function installCalibrationRunner(app: FastifyInstance) {
  const runner = createCalibrationRunner(app);
  app.decorate('calibrationRunner', { enqueue: runner.enqueue, idle: runner.idle });
  app.addHook('onReady', async () => {
    await recoverCalibrations(app);
  });
  app.addHook('preClose', async () => {
    await runner.close();
  });
}
