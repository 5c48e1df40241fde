import fp from 'fastify-plugin';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db.ts';

/**
 * Work folders of jobs (a conversion's WAV and MP3 before they are stored, the engine's decoded input):
 * under DATA_DIR/tmp/work, one per run of a job, named `<job id>-<attempt>-<kind>-<random>`. A run removes
 * its own folder when it ends; a worker that was killed cannot, so a sweep — at start-up and every
 * WORK_SWEEP_INTERVAL_MS — removes every folder whose run is over: its job is no longer running, or running
 * again as a later attempt (another worker took it back). Folders that name no job (the engine's own when
 * called without a job) go once they are a day old, like the upload sweep of platform/audio-upload.ts.
 */

export const WORK_SWEEP_INTERVAL_MS = 10 * 60_000;
const UNOWNED_MAX_AGE_MS = 86_400_000;
const NAME = /^(\d{1,18})-(\d{1,9})-/;

/** DATA_DIR/tmp/work. */
export const workRoot = (dataDir: string) => path.join(dataDir, 'tmp', 'work');

/** What names a run of a job (the handler's JobContext has both). */
export interface JobRun {
  id: number;
  attempt: number;
  kind: string;
}

/**
 * Makes a fresh work folder for this run of `job` under `root`. The run removes it when it ends (in a
 * `finally`); if its process dies first, the sweep does.
 */
export async function makeWorkDir(root: string, job: JobRun): Promise<string> {
  await mkdir(root, { recursive: true });
  const kind = job.kind.replace(/[^A-Za-z0-9]+/g, '_').slice(0, 40);
  return mkdtemp(path.join(root, `${job.id}-${job.attempt}-${kind}-`));
}

/**
 * Removes the work folders under `root` that no running job owns (see above); answers the names removed.
 * A folder is checked against the jobs table, so a sweep in one process never takes the folder of a job
 * another process sharing the DATA_DIR is running.
 */
export async function sweepWorkDirs(db: Db, root: string, now = Date.now()): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  if (names.length === 0) return [];
  const owned = names.map((name) => ({ name, match: NAME.exec(name) }));
  const ids = [...new Set(owned.flatMap(({ match }) => (match ? [Number(match[1])] : [])))];
  const running = new Set<string>();
  if (ids.length > 0) {
    const result = await db.execute(sql`
      select id, attempts from jobs
      where state = 'running' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`);
    for (const row of (result as unknown as { rows: { id: number | string; attempts: number }[] }).rows) {
      running.add(`${Number(row.id)}-${Number(row.attempts)}`);
    }
  }
  const removed: string[] = [];
  for (const { name, match } of owned) {
    const full = path.join(root, name);
    if (match) {
      if (running.has(`${Number(match[1])}-${Number(match[2])}`)) continue;
    } else {
      const info = await stat(full).catch(() => undefined);
      if (!info || now - info.mtimeMs < UNOWNED_MAX_AGE_MS) continue;
    }
    await rm(full, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * The work folders of this process's jobs: `app.workDir(job)`, swept when the app is ready and every
 * WORK_SWEEP_INTERVAL_MS while it runs.
 */
export const workDirsPlugin = fp(
  async (app: FastifyInstance, { intervalMs = WORK_SWEEP_INTERVAL_MS }: { intervalMs?: number }) => {
    const root = workRoot(app.config.dataDir);
    app.decorate('workDir', (job: JobRun) => makeWorkDir(root, job));
    const sweep = async () => {
      try {
        const removed = await sweepWorkDirs(app.db, root);
        if (removed.length > 0) app.log.info({ removed }, 'removed work folders of runs that ended');
      } catch (err) {
        app.log.warn({ err }, 'could not sweep the work folders');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), intervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });
  },
  { name: 'work-dirs', dependencies: ['jobs'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** A fresh work folder of this run of `job` under DATA_DIR/tmp/work (the run removes it when it ends). */
    workDir(job: JobRun): Promise<string>;
  }
}
