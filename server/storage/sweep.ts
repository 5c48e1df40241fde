import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { enqueueJob, nextHourSlot } from '../jobs/index.ts';
import type { Db } from '../platform/db.ts';
import type { Storage } from './storage.ts';

declare module '../jobs/index.ts' {
  interface JobPayloads {
    'storage.sweep': { slot: string; olderThanMs?: number };
  }
}

/**
 * Objects under these prefixes belong to the files registry (storage/registry.ts): one there without a files
 * row is an orphan — its process died between storing it and committing the rows that own it (an upload or a
 * calibration whose API process was killed mid-request). Other prefixes (the catalogue's demos) have owners
 * of their own.
 */
export const REGISTERED_PREFIXES = ['recordings/', 'calibrations/'];

/** How old an unregistered object must be before it is removed: uploads in flight register theirs within it. */
export const ORPHAN_GRACE_MS = 3_600_000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Removes the objects under REGISTERED_PREFIXES that no files row names and that were written more than
 * `olderThanMs` ago; answers their keys.
 */
export async function sweepOrphanObjects(
  db: Db,
  storage: Storage,
  { olderThanMs = ORPHAN_GRACE_MS, now = Date.now() }: { olderThanMs?: number; now?: number } = {},
): Promise<string[]> {
  const removed: string[] = [];
  const check = async (batch: string[]) => {
    if (batch.length === 0) return;
    const known = new Set(
      rowsOf<{ k: string }>(
        await db.execute(
          sql`select storage_key as k from files where storage_key in (${sql.join(
            batch.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        ),
      ).map((r) => r.k),
    );
    for (const key of batch) {
      if (known.has(key)) continue;
      await storage.delete(key);
      removed.push(key);
    }
  };
  for (const prefix of REGISTERED_PREFIXES) {
    let batch: string[] = [];
    for await (const object of storage.list(prefix)) {
      if (now - object.modified.getTime() < olderThanMs) continue;
      batch.push(object.key);
      if (batch.length >= 500) {
        await check(batch);
        batch = [];
      }
    }
    await check(batch);
  }
  return removed;
}

/** The hourly `storage.sweep` job (one per hour slot however many processes schedule it). */
export const storageSweepPlugin = fp(
  async (app: FastifyInstance) => {
    const schedule = (db: Db) => {
      const slot = nextHourSlot().toISOString();
      return enqueueJob(db, 'storage.sweep', { slot }, { dedupeKey: `storage.sweep:${slot}`, runAt: nextHourSlot() });
    };
    app.jobs.register(
      'storage.sweep',
      async (job) => {
        const removed = await sweepOrphanObjects(app.db, app.storage, {
          ...(job.payload.olderThanMs !== undefined ? { olderThanMs: job.payload.olderThanMs } : {}),
        });
        if (removed.length > 0)
          app.log.warn({ removed: removed.length, keys: removed.slice(0, 20) }, 'removed orphan files');
        await job.finish((tx) => schedule(tx));
      },
      { concurrency: 1 },
    );
    app.addHook('onReady', async () => {
      await schedule(app.db);
    });
  },
  { name: 'storage-sweep', dependencies: ['storage', 'jobs'] },
);
