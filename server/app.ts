import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { Config, ServiceName } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import type { Handlers } from './platform/handlers.ts';
import { corePlugin, databasePlugin, healthPlugin } from './platform/core.ts';
import { securityHeadersPlugin } from './platform/security-headers.ts';
import { multipartPlugin } from './platform/multipart.ts';
import { contractCheckPlugin } from './platform/contract-check.ts';
import { contractPlugin } from './platform/operations.ts';
import { spaPlugin } from './platform/spa.ts';
import { compressionPlugin } from './platform/compression.ts';
import { storagePlugin } from './storage/index.ts';
import { storageSweepPlugin } from './storage/sweep.ts';
import { jobsPlugin, type JobsOptions } from './jobs/index.ts';
import { workDirsPlugin } from './jobs/work-dir.ts';
import { eventsPlugin, notificationsPlugin, type NotificationsOptions } from './notifications/index.ts';
import { devMailPlugin, mailPlugin } from './mail/index.ts';
import type { Mailer } from './mail/mailer.ts';
import { botCheckPlugin, type BotCheck } from './identity/bot-check.ts';
import { identityHandlers, identityPlugin } from './identity/index.ts';
import { billingHandlers, billingPlugin } from './billing/index.ts';
import { calibrationsHandlers } from './calibrations/index.ts';
import { calibrationsPlugin } from './calibrations/calibration-runner.ts';
import { adminHandlers } from './admin/index.ts';
import { flagsHandlers, flagsPlugin } from './flags/index.ts';
import { feedbackHandlers } from './feedback/index.ts';
import { marketplaceHandlers, marketplacePlugin } from './marketplace/index.ts';
import { modelsHandlers, modelsPlugin, referenceDataPlugin } from './models/index.ts';
import { artworkPlugin } from './models/artwork.ts';
import { voiceEnginePlugin } from './audio/engine/plugin.ts';
import { monitoringHandlers, monitoringPlugin } from './monitoring/index.ts';

export const MAX_UPLOAD_BYTES = 1_073_741_824;
export const MAX_FILES = 100;

/** Every handler the server has, by operationId. */
export const allHandlers: Handlers = {
  ...identityHandlers,
  ...billingHandlers,
  ...calibrationsHandlers,
  ...adminHandlers,
  ...flagsHandlers,
  ...feedbackHandlers,
  ...marketplaceHandlers,
  ...modelsHandlers,
  ...monitoringHandlers,
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

/**
 * One step of the app: a plugin, its options, and the service it belongs to (registered only when SERVICES
 * names it; without one, every process registers it) or a condition.
 */
interface Step {
  // Each plugin checks its own options' type where the list is written (see `step`).
  plugin: (app: FastifyInstance, options: never) => Promise<void>;
  options: object;
  service?: ServiceName;
  when?: boolean;
}

const step = <O extends object>(
  plugin: (app: FastifyInstance, options: O) => Promise<void>,
  options: O,
  where: { service?: ServiceName; when?: boolean } = {},
): Step => ({ plugin: plugin as Step['plugin'], options, ...where });

/**
 * Builds the app from named plugins (fastify-plugin), in order: each declares the plugins it needs, and
 * Fastify refuses to start when one is missing or comes later. SERVICES picks the services' plugins.
 */
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
    // A start on a busy 2-core machine (migrations, seeds, 96 validators) can pass avvio's 10 s default.
    pluginTimeout: 120_000,
  });
  const handlers = { ...allHandlers, ...options.handlers };

  const steps: Step[] = [
    // The configuration, request ids, validation, errors; the database; e-mail and the bot check.
    step(corePlugin, { config }),
    step(databasePlugin, { database: options.database }),
    step(mailPlugin, { mailer: options.mailer }),
    step(botCheckPlugin, { botCheck: options.botCheck }),
    // CSP, HSTS (production on https), nosniff, Referrer-Policy… on every answer, before any route exists.
    step(securityHeadersPlugin, {}),
    // Brotli/gzip answers above 1 KB for every route registered after it (API JSON, waveforms), never the
    // WebSocket, a 206 or a body already encoded.
    step(compressionPlugin, {}),
    step(cookie, {}),
    // Multipart forms, and a refused request's unread body drained or its connection closed (every route).
    step(multipartPlugin, { limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES } }),
    // Files (disk or S3) and their signed links at /files/…, before any service that stores files.
    step(storagePlugin, {}),
    // The durable job queue (with a worker in this process unless WORKER=off), jobs' work folders under
    // DATA_DIR/tmp/work (swept of what a killed worker left), and the hourly sweep of files whose rows
    // never committed.
    step(jobsPlugin, { ...config.worker, ...options.worker }),
    step(workDirsPlugin, {}),
    step(storageSweepPlugin, {}),
    // The event store every service publishes to, then the WebSocket at /ws.
    step(eventsPlugin, {}),
    step(notificationsPlugin, options.notifications ?? {}, { service: 'notifications' }),
    step(contractCheckPlugin, {}, { when: options.contractCheck === true }),
    step(healthPlugin, {}),
    // Error reporting: the tunnel's envelope bodies, the forward to Sentry (SENTRY_DSN), the server SDK's sink.
    step(monitoringPlugin, {}),
    step(referenceDataPlugin, {}),
    // The admin and the calibrate job (analysing each calibration after its answer).
    step(identityPlugin, {}, { service: 'auth' }),
    step(calibrationsPlugin, {}, { service: 'auth' }),
    step(voiceEnginePlugin, {}),
    // The seeded admin's private voices and the demo sets' audio (queued; the voice engine renders it).
    step(modelsPlugin, {}),
    step(artworkPlugin, {}, { service: 'models' }),
    // Conversions and text to speech, made by their jobs through the voice engine.
    step(marketplacePlugin, {}, { service: 'marketplace' }),
    step(devMailPlugin, {}, { when: config.env !== 'production' }),
    // Payments: Stripe with STRIPE_SECRET_KEY, else the local test provider's pages (not in production).
    step(billingPlugin, {}, { service: 'auth' }),
    // The embedded feature flags (seeded at start) and their features payload's 60 s cache.
    step(flagsPlugin, {}, { service: 'auth' }),
    // The three contracts' routes, by operationId, after the plugins their handlers use.
    step(
      contractPlugin('auth', ['identity', 'billing', 'calibrations', 'flags', 'mail', 'storage', 'monitoring']),
      { handlers },
      { service: 'auth' },
    ),
    step(contractPlugin('marketplace', ['marketplace', 'storage', 'jobs']), { handlers }, { service: 'marketplace' }),
    step(contractPlugin('models', ['models']), { handlers }, { service: 'models' }),
    step(spaPlugin, {}),
  ];
  for (const { plugin, options: pluginOptions, service, when } of steps) {
    if (when === false || (service && !config.services.includes(service))) continue;
    await app.register(plugin, pluginOptions as never);
  }
  return app;
}
