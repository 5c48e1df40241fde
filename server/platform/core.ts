import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AdminSeed } from '../identity/seed-admin.ts';
import type { Config } from './config.ts';
import type { Operation } from './contracts.ts';
import { openDatabase, type Database, type Db } from './db.ts';
import { errorHandler } from './errors.ts';
import { installFormBodyParser } from './form-body.ts';
import type { Auth } from './sessions.ts';
import { validatorCompiler } from './validation.ts';

/** What this start did and uses, for the start-up output of main.ts (each plugin fills in its part). */
export interface StartupReport {
  /** The seeded admin (absent when this process does not serve the auth service). */
  admin?: AdminSeed;
  /** Where e-mail goes. */
  mail: string;
  /** The development mail page, when served. */
  devMailUrl?: string;
  botCheck: 'turnstile' | 'off';
  /** The feature flags in use: embedded, or the real GrowthBook GROWTHBOOK_API_HOST names. */
  flags?: string;
  /** The payment provider in use (absent when none is, or this process does not serve the auth service). */
  payments?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Every contract operation served, by "METHOD /route/:path" (platform/operations.ts fills it). */
    operations: Map<string, Operation>;
    startup: StartupReport;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

/**
 * What every request goes through: the configuration, the request id echoed in x-request-id, request
 * validation against the contracts (platform/validation.ts), the one error handler and the form body
 * parser.
 */
export const corePlugin = fp(
  async (app: FastifyInstance, options: { config: Config }) => {
    app.decorate('config', options.config);
    app.decorate('operations', new Map<string, Operation>());
    app.decorate('startup', { mail: '', botCheck: 'off' } as StartupReport);
    app.decorateRequest('auth', null);
    app.addHook('onSend', async (request, reply, payload) => {
      void reply.header('x-request-id', request.id);
      return payload;
    });
    app.setValidatorCompiler(validatorCompiler);
    app.setErrorHandler(errorHandler);
    installFormBodyParser(app);
  },
  { name: 'core' },
);

/**
 * The database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pg, migrated): `app.database` and
 * `app.db`. One given in the options stays open when the app closes; one opened here closes last.
 */
export const databasePlugin = fp(
  async (app: FastifyInstance, options: { database?: Database | undefined }) => {
    const { config } = app;
    const database =
      options.database ??
      (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg') }));
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (!options.database) {
      app.addHook('onClose', async () => {
        await database.close();
      });
    }
  },
  { name: 'database', dependencies: ['core'] },
);

/** GET /healthz (the process answers) and GET /readyz (and its database does). */
export const healthPlugin = fp(
  async (app: FastifyInstance) => {
    app.get('/healthz', async () => ({ status: 'ok' }));
    app.get('/readyz', async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ready', database: app.database.kind };
      } catch (err) {
        app.log.warn({ err }, 'readiness check failed');
        return reply.code(503).send({ detail: 'Database unavailable', database: app.database.kind });
      }
    });
  },
  { name: 'health', dependencies: ['database'] },
);
