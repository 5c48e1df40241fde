import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Config } from './platform/config.ts';
import { openDatabase, type Database, type Db } from './platform/db.ts';
import type { Operation } from './platform/contracts.ts';
import { errorHandler } from './platform/errors.ts';
import { installContractCheck } from './platform/contract-check.ts';
import type { Handlers } from './platform/handlers.ts';
import { registerContract } from './platform/operations.ts';
import type { Auth } from './platform/sessions.ts';
import { validatorCompiler } from './platform/validation.ts';
import { authHandlers } from './auth/index.ts';
import { marketplaceHandlers } from './marketplace/index.ts';
import { modelsHandlers, seedReferenceData } from './models/index.ts';

export const MAX_UPLOAD_BYTES = 1_073_741_824;
export const MAX_FILES = 100;

/** Every handler the server has, by operationId. */
export const allHandlers: Handlers = { ...authHandlers, ...marketplaceHandlers, ...modelsHandlers };

export interface AppOptions {
  config: Config;
  /** An open database to use; when absent one is opened from the config (and closed with the app). */
  database?: Database;
  /** Validate every contract response and turn mismatches into 500s (tests). */
  contractCheck?: boolean;
  /** Handlers that replace or add to the services' own (tests use it to prove the contract check bites). */
  handlers?: Handlers;
  /** Pino options or false; default: JSON logs at config.logLevel with request ids. */
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    operations: Map<string, Operation>;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    operationId?: string;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-api-key"]', 'req.headers["x-csrf-token"]'],
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false } },
    bodyLimit: 10 * 1024 * 1024,
  });
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg') }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('operations', new Map<string, Operation>());
  app.decorateRequest('auth', null);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-request-id', request.id);
    return payload;
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES } });
  if (options.contractCheck) installContractCheck(app, app.operations);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ detail: 'Database unavailable', database: database.kind });
    }
  });

  await seedReferenceData(database.db);
  const handlers = { ...allHandlers, ...options.handlers };
  for (const service of ['auth', 'marketplace', 'models'] as const) {
    if (config.services.includes(service)) await registerContract(app, service, handlers);
  }

  await registerSpa(app, config.distDir);
  return app;
}

const API_PREFIXES = ['/api/', '/ws', '/healthz', '/readyz', '/dev/'];

/** Serves the built SPA; any other GET that wants HTML gets index.html so deep links work. */
async function registerSpa(app: FastifyInstance, distDir: string) {
  const hasSpa = existsSync(path.join(distDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: ['index.html'] });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      !isApi &&
      hasSpa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (wantsHtml || !path.extname(url))
    ) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ detail: `Not found: ${request.method} ${url}` });
  });
}
