import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Config } from './platform/config.ts';
import { openDatabase, type Database, type Db } from './platform/db.ts';
import type { Operation } from './platform/contracts.ts';
import { errorHandler } from './platform/errors.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { installFormBodyParser } from './platform/form-body.ts';
import { installMultipart } from './platform/multipart.ts';
import { installContractCheck } from './platform/contract-check.ts';
import type { Handlers } from './platform/handlers.ts';
import { registerContract } from './platform/operations.ts';
import type { Auth } from './platform/sessions.ts';
import { validatorCompiler } from './platform/validation.ts';
import { identityHandlers } from './identity/index.ts';
import { adminHandlers } from './admin/index.ts';
import { calibrationsHandlers } from './calibrations/index.ts';
import { feedbackHandlers } from './feedback/index.ts';
import { createBotCheck, type BotCheck } from './identity/bot-check.ts';
import { installCalibrationJobs } from './calibrations/calibration-runner.ts';
import { seedPromoCodes } from './billing/promo.ts';
import { syncSubscriptionPrices } from './billing/prices.ts';
import { seedAdmin, type AdminSeed } from './identity/seed-admin.ts';
import { billingHandlers, installBilling } from './billing/index.ts';
import { registerDevMail } from './mail/dev-routes.ts';
import { createMailer, createMailService, outboxDir, type Mailer, type MailService } from './mail/mailer.ts';
import { pruneRateLimits } from './platform/rate-limit.ts';
import { installMarketplaceJobs, marketplaceHandlers } from './marketplace/index.ts';
import { installStorage } from './storage/index.ts';
import { installStorageSweep } from './storage/sweep.ts';
import { installJobs, type JobsOptions } from './jobs/index.ts';
import { installWorkDirs, workRoot } from './jobs/work-dir.ts';
import { installNotifications, type NotificationsOptions } from './notifications/index.ts';
import { installModels, modelsHandlers, seedReferenceData } from './models/index.ts';
import { createDspEngine } from './audio/engine/index.ts';
import type { Engine } from './audio/engine/types.ts';

export const MAX_UPLOAD_BYTES = 1_073_741_824;
export const MAX_FILES = 100;

/** Every handler the server has, by operationId. */
export const allHandlers: Handlers = {
  ...identityHandlers,
  ...billingHandlers,
  ...calibrationsHandlers,
  ...adminHandlers,
  ...feedbackHandlers,
  ...marketplaceHandlers,
  ...modelsHandlers,
};

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
  /** Where e-mail goes; default from the config (SMTP_URL, else the outbox folder). */
  mailer?: Mailer;
  /** The sign-up bot check; default from the config (Turnstile with TURNSTILE_SECRET, else off). */
  botCheck?: BotCheck;
  /** The in-process job worker: config.worker (on unless WORKER=off); these override it. */
  worker?: Partial<JobsOptions>;
  /** Heartbeat and hello timeout of /ws. */
  notifications?: NotificationsOptions;
}

/** What this start did and uses, for the start-up output of main.ts. */
export interface StartupReport {
  /** The seeded admin (absent when this process does not serve the auth service). */
  admin?: AdminSeed;
  /** Where e-mail goes. */
  mail: string;
  /** The development mail page, when served. */
  devMailUrl?: string;
  botCheck: 'turnstile' | 'off';
  /** The payment provider in use (absent when none is, or this process does not serve the auth service). */
  payments?: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    operations: Map<string, Operation>;
    mail: MailService;
    botCheck: BotCheck;
    startup: StartupReport;
    /** The process's voice engine, started by the first job that needs it and stopped with the app. */
    voiceEngine(): Engine;
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
    // A path the router cannot decode (malformed percent-encoding, a lone surrogate's bytes) or a path
    // parameter over its length is refused before any route: answer it with a detail like every error.
    frameworkErrors: (error, _request, reply) => {
      const detail =
        error.code === 'FST_ERR_BAD_URL'
          ? 'The request path is not valid: it holds a malformed percent-encoding or bytes that are not UTF-8 text'
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'A path parameter is too long (at most 100 characters)'
            : 'The request could not be routed';
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as unknown as FastifyReply).code(status).send({ detail });
    },
    trustProxy: config.trustProxy,
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
  const mail = createMailService(options.mailer ?? createMailer(config), app.log);
  const botCheck = options.botCheck ?? createBotCheck(config);
  app.decorate('mail', mail);
  app.decorate('botCheck', botCheck);
  app.addHook('onClose', async () => {
    // Mail sent after an answer (password reset) still goes out before the database closes.
    await mail.idle();
    await mail.mailer.close();
    if (ownsDatabase) await database.close();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-request-id', request.id);
    return payload;
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  installFormBodyParser(app);
  // CSP, HSTS (production on https), nosniff, Referrer-Policy… on every answer, before any route exists.
  await installSecurityHeaders(app);
  await app.register(cookie);
  // Multipart forms, and a refused request's unread body drained or its connection closed (every route).
  await installMultipart(app, { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES });
  // Files (disk or S3) and their signed links at /files/…, before any service that stores files.
  await installStorage(app);
  // The durable job queue (with a worker in this process unless WORKER=off), then the event store every
  // service publishes to and the WebSocket at /ws.
  installJobs(app, { ...config.worker, ...options.worker });
  // Jobs' work folders under DATA_DIR/tmp/work, swept of what a killed worker left there.
  installWorkDirs(app);
  // Files whose owning rows never committed (their process was killed mid-request) go after an hour.
  installStorageSweep(app);
  await installNotifications(app, options.notifications);
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
  const startup: StartupReport = { mail: mail.mailer.description, botCheck: botCheck.enabled ? 'turnstile' : 'off' };
  if (config.services.includes('auth')) {
    startup.admin = await seedAdmin(database.db, config);
    // The demo promo code exists so the promo flow works on a fresh machine; production creates its own.
    if (config.env !== 'production') await seedPromoCodes(database.db);
    // The product's price list, on a fresh machine and on one made before it (production's comes from the
    // payment provider).
    if (config.env !== 'production') await syncSubscriptionPrices(database.db);
    await pruneRateLimits(database.db, 7 * 86_400);
    // Calibrations are analysed by the calibrate job after their answer.
    installCalibrationJobs(app);
    if (!botCheck.enabled) {
      app.log.info(
        'bot check off: TURNSTILE_SECRET is not set, sign-ups are not checked and logins to attacked accounts are slowed down instead',
      );
    }
  }
  // One voice engine (and its worker threads) per process, shared by the jobs that convert or speak.
  let engine: Engine | undefined;
  app.decorate('voiceEngine', () => (engine ??= createDspEngine({ tmpDir: workRoot(config.dataDir) })));
  app.addHook('onClose', async () => {
    await engine?.close();
  });
  // The seeded admin's private voices, the voices' artwork route (after the admin exists) and the demo
  // sets' audio (queued; the voice engine renders it).
  await installModels(app);
  // Conversions are made by the convert job, through the voice engine.
  if (config.services.includes('marketplace')) installMarketplaceJobs(app);
  if (config.env !== 'production') {
    await registerDevMail(app, outboxDir(config), mail.mailer.description);
    startup.devMailUrl = `${config.publicUrl}/dev/mail`;
  }
  // Payments: Stripe with STRIPE_SECRET_KEY, else the local test provider's pages (not in production).
  startup.payments = config.services.includes('auth') ? (await installBilling(app))?.description : undefined;
  app.decorate('startup', startup);
  const handlers = { ...allHandlers, ...options.handlers };
  for (const service of ['auth', 'marketplace', 'models'] as const) {
    if (config.services.includes(service)) await registerContract(app, service, handlers);
  }

  await registerSpa(app, config.distDir, spaSettings(config));
  return app;
}

const API_PREFIXES = ['/api/', '/ws', '/healthz', '/readyz', '/dev/'];

/**
 * Public settings the SPA reads from its page at run time (not baked in at build time), as <meta> tags in
 * index.html: today the Turnstile site key, so the sign-up bot check follows the server's configuration.
 */
function spaSettings(config: Config): Record<string, string> {
  return config.turnstileSiteKey ? { 'turnstile-site-key': config.turnstileSiteKey } : {};
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the settings' <meta> tags at the end of <head>. */
export function renderIndexHtml(html: string, settings: Record<string, string>): string {
  const tags = Object.entries(settings)
    .map(([name, content]) => `<meta name="${escapeAttribute(name)}" content="${escapeAttribute(content)}">`)
    .join('');
  return tags ? html.replace(/<\/head>/i, `${tags}</head>`) : html;
}

/** Serves the built SPA; any other GET that wants HTML gets index.html so deep links work. */
async function registerSpa(app: FastifyInstance, distDir: string, settings: Record<string, string>) {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? renderIndexHtml(readFileSync(indexFile, 'utf8'), settings) : null;
  if (indexHtml !== null) {
    // index: false — the page itself is always the rendered one below, never the file as built.
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      !isApi &&
      indexHtml !== null &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (wantsHtml || !path.extname(url) || url === '/index.html')
    ) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.code(404).send({ detail: `Not found: ${request.method} ${url}` });
  });
}
