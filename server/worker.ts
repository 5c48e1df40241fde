import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';

/**
 * `npm run worker`: a job worker alone, without HTTP. It builds the same app as the server (so every
 * service registers the handlers of its job kinds, with the storage, mail and event store they use) and
 * only runs its worker. Start any number of them against one PostgreSQL (DATABASE_URL); each claims jobs
 * with SKIP LOCKED, and a job whose worker process dies is taken back within a fraction of a second (its
 * advisory lock goes with its connection: server/jobs/liveness.ts), or when its lease runs out if the worker
 * hangs. Events its jobs
 * publish reach the API processes' sockets over LISTEN/NOTIFY. SIGTERM/SIGINT stop it gracefully: running
 * jobs get WORKER_SHUTDOWN_GRACE_MS to finish, then go back to the queue.
 *
 * The worker settings (WORKER_CONCURRENCY, WORKER_POLL_MS, WORKER_LEASE_MS, WORKER_SHUTDOWN_GRACE_MS,
 * WORKER_LIVENESS_POLL_MS) come with the rest of the server's configuration (platform/config.ts).
 */

export interface StartWorkerOptions {
  config?: Config;
  /** Registers more handlers before the worker starts (tests add their own kinds). */
  register?: (app: FastifyInstance) => void;
}

export async function startWorker(options: StartWorkerOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'npm run worker needs DATABASE_URL (PostgreSQL): the embedded PGlite belongs to one process, whose own ' +
        'worker runs the jobs (npm start with WORKER on, the default)',
    );
  }
  const app = await buildApp({ config, worker: { enabled: true } });
  options.register?.(app);
  await app.ready();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'worker stopping');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  console.log(`Timbre worker ${app.jobs.worker?.id ?? ''} is running (stop it with Ctrl+C)`);
  return app;
}

if (import.meta.main) {
  try {
    await startWorker();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
}
