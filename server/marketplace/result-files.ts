import { eq } from 'drizzle-orm';
import type { Audiowaveform } from '../audio/peaks.ts';
import { recordings, type Recording } from '../db/schema.ts';
import type { Db } from '../platform/db.ts';
import type { Storage } from '../storage/index.ts';
import { registerFiles } from './shared.ts';

/** What the engine wrote for a recording: the files the caller owns, and the result's length. */
export interface EngineOutput {
  wavPath: string;
  mp3Path: string;
  peaks: Audiowaveform;
  /** Seconds. */
  duration: number;
}

export interface StoredResult {
  /**
   * In the job's finishing transaction: the recording becomes done with these files, which enter the files
   * registry. Answers the updated row (undefined when it is gone).
   */
  record(tx: Db, ownerId: string): Promise<Recording | undefined>;
  /** Removes the stored files: the job did not finish (cancelled, lost, failed). Harmless once recorded. */
  discard(): Promise<void>;
}

/**
 * Stores an engine result as recording `id`'s audio (WAV), download (MP3) and waveform (peaks JSON). Nothing is
 * left behind when storing fails part-way, nor when the caller discards it.
 */
export async function storeResult(storage: Storage, id: string, output: EngineOutput): Promise<StoredResult> {
  const keys = {
    wav: `recordings/${id}/audio.wav`,
    mp3: `recordings/${id}/audio.mp3`,
    peaks: `recordings/${id}/peaks.json`,
  };
  const stored: string[] = [];
  let recorded = false;
  const discard = async () => {
    if (recorded) return;
    for (const key of stored.splice(0)) await storage.delete(key).catch(() => undefined);
  };
  try {
    const wav = await storage.putFile(keys.wav, output.wavPath, { contentType: 'audio/wav' });
    stored.push(keys.wav);
    const mp3 = await storage.putFile(keys.mp3, output.mp3Path, { contentType: 'audio/mpeg' });
    stored.push(keys.mp3);
    const peaks = Buffer.from(JSON.stringify(output.peaks));
    await storage.put(keys.peaks, peaks, { contentType: 'application/json' });
    stored.push(keys.peaks);
    return {
      discard,
      async record(tx, ownerId) {
        const [updated] = await tx
          .update(recordings)
          .set({
            state: 'done',
            processStage: null,
            storageKey: keys.wav,
            mp3Key: keys.mp3,
            waveformKey: keys.peaks,
            size: wav.size,
            duration: output.duration,
            convertedAt: new Date(),
            updatedAt: new Date(),
            error: null,
          })
          .where(eq(recordings.id, id))
          .returning();
        await registerFiles(tx, ownerId, [
          { key: keys.wav, kind: 'recording', contentType: 'audio/wav', size: wav.size },
          { key: keys.mp3, kind: 'mp3', contentType: 'audio/mpeg', size: mp3.size },
          { key: keys.peaks, kind: 'waveform', contentType: 'application/json', size: peaks.length },
        ]);
        recorded = true;
        return updated;
      },
    };
  } catch (err) {
    await discard();
    throw err;
  }
}
