import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { WorkerConfig } from '../platform/config.ts';
import type { Db } from '../platform/db.ts';
import { acquireBus, type Bus } from '../platform/bus.ts';
import { advisoryLiveness } from './liveness.ts';
import {
  cancelJob,
  enqueueJob,
  getJob,
  queueIsIdle,
  queuePosition,
  pruneFinishedJobs,
  type EnqueueOptions,
  type Enqueued,
  type JobPayload,
  type JobRow,
  type JobSelector,
  type QueuePosition,
} from './queue.ts';
import { createWorker, type HandlerOptions, type JobHandler, type Registry, type Worker } from './worker.ts';

export * from './queue.ts';
export * from './worker.ts';
export * from './liveness.ts';

/**
 * The job queue of the app (server/jobs): `app.jobs`. Services register a handler per kind while the app is
 * built and enqueue jobs from their routes (in the same transaction as the rows the job is about). Unless
 * WORKER=off, a worker runs in this process once the app is ready and stops (letting running jobs finish)
 * when it closes; `npm run worker` runs one alone (server/worker.ts). Any number of workers share one
 * PostgreSQL.
 */

/**
 * Payloads by job kind. A service adds its kinds by declaration merging:
 *
 *   declare module '../jobs/index.ts' { interface JobPayloads { convert: { recordingId: string } } }
 *
 * Other kinds take any JSON object.
 */
export interface JobPayloads {
  calibrate: { calibrationId: string };
  'events.prune': { slot: string };
  'jobs.prune': { slot: string };
}

export type PayloadOf<K extends string> = K extends keyof JobPayloads ? JobPayloads[K] : JobPayload;

export interface Jobs {
  /**
   * Queues a job (see enqueueJob). Give `tx` to queue it in the caller's transaction: the job then exists
   * only if the transaction commits.
   */
  enqueue<K extends string>(kind: K, payload: PayloadOf<K>, options?: EnqueueOptions & { tx?: Db }): Promise<Enqueued>;
  /** Cancels a queued or running job (see cancelJob); scope it with userId. */
  cancel(
    selector: JobSelector,
    options?: { userId?: string; reason?: string; tx?: Db },
  ): Promise<{ id: number; was: 'queued' | 'running' } | null>;
  /** A job by id, or the queued or running one with a dedupeKey (see getJob). */
  get(selector: JobSelector, options?: { userId?: string }): Promise<JobRow | null>;
  /** Where a job stands, for an ETA (see queuePosition). */
  position(selector: JobSelector, options?: { userId?: string; kinds?: string[] }): Promise<QueuePosition | null>;
  /** Registers the handler of a kind (once per kind). The worker of any process that registered it runs it. */
  register<K extends string>(kind: K, handler: JobHandler<PayloadOf<K>>, options?: HandlerOptions<PayloadOf<K>>): void;
  /** Resolves when no job (of `kinds`) is running or due; for tests and scripts. */
  idle(options?: { kinds?: string[]; timeoutMs?: number }): Promise<void>;
  /** The worker of this process, or null with WORKER=off. */
  readonly worker: Worker | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** The in-process worker: Config.worker (WORKER, WORKER_*), which AppOptions.worker may override. */
export type JobsOptions = WorkerConfig;

/** Finished jobs are kept this long (for support and ETA statistics), then deleted by the jobs.prune job. */
export const FINISHED_JOB_RETENTION_MS = 14 * 86_400_000;

/** The next whole hour: periodic housekeeping jobs run once per slot, however many processes schedule them. */
export const nextHourSlot = (now = Date.now()) => new Date(Math.floor(now / 3_600_000) * 3_600_000 + 3_600_000);

/** Gives the app `app.jobs`, and a worker unless `options.enabled` is false. */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: JobsOptions) => {
    const registry: Registry = new Map();
    let bus: Bus | null = null;
    let worker: Worker | null = null;
    const db = app.db;

    const jobs: Jobs = {
      enqueue: (kind, payload, { tx, ...rest } = {}) => enqueueJob(tx ?? db, kind, payload as JobPayload, rest),
      cancel: (selector, { tx, ...rest } = {}) => cancelJob(tx ?? db, selector, rest),
      get: (selector, opts) => getJob(db, selector, opts),
      position: (selector, opts) => queuePosition(db, selector, opts),
      register(kind, handler, handlerOptions = {}) {
        if (registry.has(kind)) throw new Error(`A handler for job kind ${kind} is registered already`);
        registry.set(kind, {
          handler: handler as JobHandler<never>,
          options: handlerOptions as HandlerOptions<never>,
        });
        worker?.wake();
      },
      async idle({ kinds, timeoutMs = 60_000 } = {}) {
        const until = Date.now() + timeoutMs;
        while (!(await queueIsIdle(db, kinds))) {
          if (Date.now() > until) throw new Error(`The job queue was still busy after ${timeoutMs} ms`);
          await new Promise((r) => setTimeout(r, 20));
        }
      },
      get worker() {
        return worker;
      },
    };
    app.decorate('jobs', jobs);

    // Finished jobs are deleted after a while, once an hour by whichever worker takes the slot's job.
    jobs.register(
      'jobs.prune',
      async (job) => {
        const removed = await pruneFinishedJobs(db, FINISHED_JOB_RETENTION_MS);
        if (removed > 0) app.log.info({ removed }, 'pruned finished jobs');
        await job.finish((tx) =>
          enqueueJob(
            tx,
            'jobs.prune',
            { slot: nextHourSlot().toISOString() },
            {
              dedupeKey: `jobs.prune:${nextHourSlot().toISOString()}`,
              runAt: nextHourSlot(),
            },
          ),
        );
      },
      { concurrency: 1 },
    );

    if (options.enabled) {
      app.addHook('onReady', async () => {
        bus = acquireBus(app.database);
        worker = createWorker({
          db,
          bus,
          registry,
          events: () => (app.hasDecorator('events') ? app.events : undefined),
          log: app.log,
          concurrency: options.concurrency,
          pollMs: options.pollMs,
          leaseMs: options.leaseMs,
          shutdownGraceMs: options.shutdownGraceMs,
          livenessPollMs: options.livenessPollMs,
          // A dead worker process is noticed at once: by its advisory lock's release on PostgreSQL; on PGlite,
          // which one process owns, by this process's start.
          liveness: app.database.kind === 'postgres' ? advisoryLiveness(app.database) : null,
          embedded: app.database.kind === 'pglite',
        });
        await bus.ready();
        worker.start();
      });
      // preClose: before in-flight requests and the event store are gone, running jobs finish or go back.
      app.addHook('preClose', async () => {
        await worker?.stop();
        await bus?.release();
      });
    }
    app.addHook('onReady', async () => {
      const slot = nextHourSlot();
      await enqueueJob(
        db,
        'jobs.prune',
        { slot: slot.toISOString() },
        { dedupeKey: `jobs.prune:${slot.toISOString()}`, runAt: slot },
      );
    });
  },
  { name: 'jobs', dependencies: ['database'] },
);
