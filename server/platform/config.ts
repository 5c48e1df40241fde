import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOauthConfig, type OauthConfig } from './oauth-config.ts';
import { ConfigError } from './config-error.ts';

/** Every setting the server reads, all from environment variables with the defaults documented here. */
export interface Config {
  /** PORT — where the one process listens. Default 8080. */
  port: number;
  /** HOST — interface to bind. Default 0.0.0.0. */
  host: string;
  /** DATA_DIR — embedded database, files and mail outbox. Default ./data. */
  dataDir: string;
  /** DATABASE_URL — PostgreSQL connection string; unset means embedded PGlite in DATA_DIR/pg. */
  databaseUrl: string | undefined;
  /** NODE_ENV — "production" hides development pages (e.g. the mail outbox). Default development. */
  env: 'development' | 'production' | 'test';
  /**
   * ENVIRONMENT — the deployment's name (SPEC.md section 1: the environment in use is staging), carried in the
   * start-up output, error reports, feature flags and event batches. Default staging.
   */
  environment: string;
  /** STAFF_GROUP — the group whose members are the team: their usage events are tracked and flagged staff. Default Staff. */
  staffGroup: string;
  /** LOG_LEVEL — pino level. Default info (silent under test). */
  logLevel: string;
  /** PUBLIC_URL — the address users reach, used in e-mails and OAuth redirects. Default http://localhost:PORT. */
  publicUrl: string;
  /**
   * OAuth providers by name, each on when <PROVIDER>_CLIENT_ID is set (see platform/oauth-config.ts):
   * GOOGLE_/LINKEDIN_/FACEBOOK_CLIENT_ID + _CLIENT_SECRET; APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID,
   * APPLE_PRIVATE_KEY; and <PROVIDER>_OAUTH_ISSUER to use another OpenID issuer's endpoints. Default none.
   */
  oauth: OauthConfig;
  /** DIST_DIR — the built SPA served with history fallback. Default ./dist. */
  distDir: string;
  /** SERVICES — comma list of services this process serves. Default all: auth,marketplace,models,notifications. */
  services: ServiceName[];
  /** SESSION_TTL_DAYS — how long a session cookie lives without use. Default 30. */
  sessionTtlDays: number;
  /** COOKIE_SECURE — mark cookies Secure. Default true in production, false otherwise. */
  cookieSecure: boolean;
  /**
   * TRUST_PROXY — behind a reverse proxy, take the client address from X-Forwarded-For (per-IP rate limits
   * need it): true (trust every hop) or a comma list of the proxies' addresses/CIDRs. Default off.
   */
  trustProxy: boolean | string[];
  /** SMTP_URL — e.g. smtps://user:pass@smtp.example.com:465; unset means the outbox folder DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM — sender of every e-mail. Default "Timbre <no-reply@timbre.local>". */
  mailFrom: string;
  /** TURNSTILE_SECRET — Cloudflare Turnstile secret; unset turns the sign-up bot check off. */
  turnstileSecret: string | undefined;
  /** TURNSTILE_SITE_KEY — the public Turnstile key the SPA renders the widget with. */
  turnstileSiteKey: string | undefined;
  /**
   * GOOGLE_TAG_ID — a Google tag id (G-… for Google Analytics, AW-… for Google Ads; GT-… and DC-… too) that the
   * SPA loads (https://www.googletagmanager.com/gtag/js) only for guests on the marketing, login and signup pages
   * and only after they consent (SPEC.md section 4); the Content-Security-Policy then allows Google's hosts.
   * Unset (the default, SPEC.md section 9: third-party trackers off) means no third-party tracker ever loads;
   * the consent dialog still asks and records the choice.
   */
  googleTagId: string | undefined;
  /**
   * CONVERSION_TRACKING — on | off, default on (SPEC.md section 9). On: once a guest has consented, the sign-up
   * is reported as a conversion to the Google tag (when GOOGLE_TAG_ID is set) and to POST /api/v3/events/google.
   */
  conversionTracking: boolean;
  /**
   * The feature flags (issue 19). GROWTHBOOK_CLIENT_KEY — the SDK client key the app asks for its features with;
   * default sdk-timbre-embedded, the key this server's own GET /api/features/{clientKey} answers. GROWTHBOOK_API_HOST
   * — unset: the app fetches its features from its own host (the embedded flags, edited in the admin console); set
   * (e.g. https://cdn.growthbook.io): the same SDK in the app talks to that GrowthBook instead, with the client key.
   */
  growthbook: { clientKey: string; apiHost: string | undefined };
  /** ADMIN_EMAIL — the admin created at first start. Default admin@timbre.local. */
  adminEmail: string;
  /** ADMIN_PASSWORD — that admin's password; unset means a generated one, printed once at first start. */
  adminPassword: string | undefined;
  /** RATE_LIMIT_* — fixed-window limits, each "count/seconds". */
  rateLimits: RateLimits;
  /**
   * S3_BUCKET (+ S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE) — keep
   * files in an S3-compatible bucket. Unset means the local disk, DATA_DIR/files.
   */
  s3: S3Config | undefined;
  /** FILE_URL_SECRET — signs file links; unset means one generated at first start and kept in DATA_DIR/file-url-secret. */
  fileUrlSecret: string | undefined;
  /** MAX_UPLOAD_BYTES — the largest file one upload may carry (413 "File is too large" above it). Default 1073741824. */
  maxUploadBytes: number;
  /**
   * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET — take payments with Stripe (both or neither). Unset means the
   * local test provider's checkout and portal pages, which production refuses to serve.
   * STRIPE_METER_EVENT_NAME — the event name of the Stripe meter that bills Per Minute usage; default
   * timbre_seconds.
   */
  stripe: { secretKey: string; webhookSecret: string; meterEventName: string } | undefined;
  /**
   * WORKER (on | off, default on: a job worker runs inside the server process), WORKER_CONCURRENCY (jobs at
   * once, default 2), WORKER_POLL_MS (the slow poll when no notification comes, default 5000),
   * WORKER_LEASE_MS (default 30000), WORKER_SHUTDOWN_GRACE_MS (default 15000), WORKER_LIVENESS_POLL_MS (how
   * often a worker looks for jobs of dead worker processes on PostgreSQL, default 250). See server/jobs.
   */
  worker: WorkerConfig;
  /**
   * DEMO_AUDIO — which demo sets a start renders with the voice engine: `all`, `off`, or languages (`en,de`);
   * the marketing site's samples (server/models/showcase.ts, English) render when English is among them.
   * Default all, except in tests (NODE_ENV=test), whose apps render none unless they ask (each render
   * costs seconds of CPU, and tests wait for the queue to be idle).
   */
  demoAudio: DemoLanguages;
  /**
   * SENTRY_DSN — a Sentry project's DSN: the app's and the server's error reports are forwarded there too (the
   * server's own tunnel, POST /api/monitoring, always keeps and lists them for admins). Unset: embedded only.
   */
  sentryDsn: string | undefined;
  /** RELEASE — the release error reports carry. Default timbre@<package.json version>. */
  release: string;
  /**
   * ERROR_TEST_ROUTE — serve the app's /debug/error page (it throws on purpose, to check error reporting):
   * true or false. Default true outside production, false in production.
   */
  errorTestRoute: boolean;
}

export interface WorkerConfig {
  /** Run a worker in this process. */
  enabled: boolean;
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  shutdownGraceMs: number;
  livenessPollMs: number;
}

export type DemoLanguages = 'all' | 'off' | string[];

export interface S3Config {
  bucket: string;
  /** S3_ENDPOINT — an S3-compatible server (MinIO, R2…); unset means AWS. */
  endpoint: string | undefined;
  /** S3_REGION — default us-east-1. */
  region: string;
  /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY — unset means the SDK's own chain (instance role, AWS_* variables). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** S3_FORCE_PATH_STYLE — bucket in the path rather than the host name. Default true with S3_ENDPOINT, else false. */
  forcePathStyle: boolean;
}

/** At most `limit` attempts per `windowSeconds`, counted in the rate_limits table. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  /**
   * RATE_LIMIT_LOGIN_ACCOUNT — logins per e-mail address from every client address; past it the login asks
   * for the bot check (or is slowed down when the bot check is off), it never refuses the right password.
   * Default 10/900 (a successful login resets it).
   */
  loginAccount: RateLimitRule;
  /**
   * RATE_LIMIT_LOGIN_ACCOUNT_IP — logins per e-mail address from one client address; past it that address
   * gets 429 with Retry-After. Default 10/900 (a successful login from the address resets it).
   */
  loginAccountIp: RateLimitRule;
  /** RATE_LIMIT_LOGIN_IP — logins per client address. Default 50/900. */
  loginIp: RateLimitRule;
  /** RATE_LIMIT_SIGNUP_IP — sign-ups per client address. Default 5/3600. */
  signupIp: RateLimitRule;
  /** RATE_LIMIT_SIGNUP_EMAIL — sign-up attempts per e-mail address. Default 5/3600. */
  signupEmail: RateLimitRule;
  /** RATE_LIMIT_MAIL — verification and password-reset e-mails per account or e-mail address. Default 5/3600. */
  mail: RateLimitRule;
  /** RATE_LIMIT_MAIL_IP — password-reset requests per client address. Default 20/3600. */
  mailIp: RateLimitRule;
  /** RATE_LIMIT_PROMO — promo codes tried per user. Default 10/3600. */
  promo: RateLimitRule;
  /** RATE_LIMIT_MONITORING — error-report envelopes per client address (POST /api/monitoring). Default 300/60. */
  monitoring: RateLimitRule;
}

export const SERVICE_NAMES = ['auth', 'marketplace', 'models', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export { ConfigError };

/** An integer setting from `min` (up to `max` when there is one); unset or empty means `fallback`. */
function integer(name: string, raw: string | undefined, fallback: number, min: number, max?: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || (max !== undefined && value > max)) {
    const range = max === undefined ? `≥ ${min}` : `between ${min} and ${max}`;
    throw new ConfigError(`${name} must be an integer ${range}, got "${raw}"`);
  }
  return value;
}

function rateRule(name: string, raw: string | undefined, fallback: RateLimitRule): RateLimitRule {
  if (raw === undefined || raw === '') return fallback;
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const limit = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]);
  if (!match || limit < 1 || windowSeconds < 1 || windowSeconds > 86_400 * 7) {
    throw new ConfigError(`${name} must be "count/seconds" (e.g. 10/900, at most a week), got "${raw}"`);
  }
  return { limit, windowSeconds };
}

function trustProxy(raw: string | undefined): boolean | string[] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

// SPEC.md section 5's password rule for ADMIN_PASSWORD, read before any contract is loaded: config.test.ts
// holds it equal to openapi/auth.yaml#/components/schemas/Password, which requests are checked against.
export const STRONG_PASSWORD = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^A-Za-z0-9]).{8,32}$/;

/** The job worker's settings (Config.worker) from WORKER and WORKER_*. */
export function workerSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const flag = (env.WORKER ?? 'on').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0'].includes(flag))
    throw new ConfigError(`WORKER must be on or off, got "${env.WORKER}"`);
  return {
    enabled: ['on', 'true', '1'].includes(flag),
    concurrency: integer('WORKER_CONCURRENCY', env.WORKER_CONCURRENCY, 2, 1),
    pollMs: integer('WORKER_POLL_MS', env.WORKER_POLL_MS, 5000, 10),
    leaseMs: integer('WORKER_LEASE_MS', env.WORKER_LEASE_MS, 30_000, 300),
    shutdownGraceMs: integer('WORKER_SHUTDOWN_GRACE_MS', env.WORKER_SHUTDOWN_GRACE_MS, 15_000, 0),
    livenessPollMs: integer('WORKER_LIVENESS_POLL_MS', env.WORKER_LIVENESS_POLL_MS, 250, 10),
  };
}

/** Config.demoAudio from DEMO_AUDIO (any other value is a list of languages). */
export function demoLanguagesFrom(value: string | undefined, env: string): DemoLanguages {
  const setting = value?.trim().toLowerCase();
  if (!setting) return env === 'test' ? 'off' : 'all';
  if (setting === 'all' || setting === 'off') return setting;
  return setting
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const nodeEnv = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = integer('PORT', env.PORT, 8080, 0, 65535);
  const services = (env.SERVICES ?? SERVICE_NAMES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const s of services) {
    if (!(SERVICE_NAMES as readonly string[]).includes(s)) {
      throw new ConfigError(`SERVICES lists unknown service "${s}"; known: ${SERVICE_NAMES.join(', ')}`);
    }
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    env: nodeEnv,
    environment: environmentName(env.ENVIRONMENT),
    staffGroup: env.STAFF_GROUP?.trim() || 'Staff',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    oauth: loadOauthConfig(env),
    distDir: path.resolve(cwd, env.DIST_DIR || './dist'),
    services: services as ServiceName[],
    sessionTtlDays: integer('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 30, 1, 365),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : nodeEnv === 'production',
    trustProxy: trustProxy(env.TRUST_PROXY),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Timbre <no-reply@timbre.local>',
    turnstileSecret: env.TURNSTILE_SECRET || undefined,
    turnstileSiteKey: env.TURNSTILE_SITE_KEY || undefined,
    googleTagId: googleTagId(env.GOOGLE_TAG_ID),
    conversionTracking: onOff('CONVERSION_TRACKING', env.CONVERSION_TRACKING, true),
    growthbook: growthbookConfig(env),
    adminEmail: adminEmail(env.ADMIN_EMAIL),
    adminPassword: adminPassword(env.ADMIN_PASSWORD),
    rateLimits: {
      loginAccount: rateRule('RATE_LIMIT_LOGIN_ACCOUNT', env.RATE_LIMIT_LOGIN_ACCOUNT, {
        limit: 10,
        windowSeconds: 900,
      }),
      loginAccountIp: rateRule('RATE_LIMIT_LOGIN_ACCOUNT_IP', env.RATE_LIMIT_LOGIN_ACCOUNT_IP, {
        limit: 10,
        windowSeconds: 900,
      }),
      loginIp: rateRule('RATE_LIMIT_LOGIN_IP', env.RATE_LIMIT_LOGIN_IP, { limit: 50, windowSeconds: 900 }),
      signupIp: rateRule('RATE_LIMIT_SIGNUP_IP', env.RATE_LIMIT_SIGNUP_IP, { limit: 5, windowSeconds: 3600 }),
      signupEmail: rateRule('RATE_LIMIT_SIGNUP_EMAIL', env.RATE_LIMIT_SIGNUP_EMAIL, { limit: 5, windowSeconds: 3600 }),
      mail: rateRule('RATE_LIMIT_MAIL', env.RATE_LIMIT_MAIL, { limit: 5, windowSeconds: 3600 }),
      mailIp: rateRule('RATE_LIMIT_MAIL_IP', env.RATE_LIMIT_MAIL_IP, { limit: 20, windowSeconds: 3600 }),
      promo: rateRule('RATE_LIMIT_PROMO', env.RATE_LIMIT_PROMO, { limit: 10, windowSeconds: 3600 }),
      monitoring: rateRule('RATE_LIMIT_MONITORING', env.RATE_LIMIT_MONITORING, { limit: 300, windowSeconds: 60 }),
    },
    s3: s3Config(env),
    fileUrlSecret: env.FILE_URL_SECRET || undefined,
    maxUploadBytes: integer('MAX_UPLOAD_BYTES', env.MAX_UPLOAD_BYTES, 1_073_741_824, 1, Number.MAX_SAFE_INTEGER),
    stripe: stripeConfig(env),
    worker: workerSettingsFromEnv(env),
    demoAudio: demoLanguagesFrom(env.DEMO_AUDIO, nodeEnv),
    sentryDsn: sentryDsn(env.SENTRY_DSN),
    release: env.RELEASE?.trim() || `timbre@${packageVersion()}`,
    errorTestRoute: env.ERROR_TEST_ROUTE ? env.ERROR_TEST_ROUTE === 'true' : nodeEnv !== 'production',
  };
}

/** SENTRY_DSN: unset, or a DSN whose envelope URL can be derived (https://<key>@<host>/<project id>). */
function sentryDsn(raw: string | undefined): string | undefined {
  const dsn = raw?.trim();
  if (!dsn) return undefined;
  const match = /^https?:\/\/[^@/\s]+@[^/\s]+\/(?:[^\s]*\/)?\d+$/.test(dsn);
  if (!match) throw new ConfigError('SENTRY_DSN must be a Sentry DSN: https://<public key>@<host>/<project id>');
  return dsn;
}

/** The version in package.json (the default release of error reports). */
function packageVersion(): string {
  try {
    const file = fileURLToPath(new URL('../../package.json', import.meta.url));
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Config.environment: a short name (letters, digits, - _ .), staging when unset. */
export function environmentName(raw: string | undefined): string {
  const name = raw?.trim();
  if (!name) return 'staging';
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(name)) {
    throw new ConfigError(`ENVIRONMENT must be a short name (letters, digits, - _ .), got "${raw}"`);
  }
  return name;
}

/** Config.googleTagId: a gtag.js id (G-, GT-, AW- or DC- and letters or digits), none when unset. */
export function googleTagId(raw: string | undefined): string | undefined {
  const id = raw?.trim();
  if (!id) return undefined;
  if (!/^(G|GT|AW|DC)-[A-Z0-9]{4,24}$/.test(id)) {
    throw new ConfigError(
      `GOOGLE_TAG_ID must be a Google tag id such as G-XXXXXXXXXX or AW-123456789 (a GTM- container is not a gtag.js id), got "${raw}"`,
    );
  }
  return id;
}

/** An on/off setting (on, off, true, false, 1, 0); unset or empty means `fallback`. */
function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value) return fallback;
  if (['on', 'true', '1'].includes(value)) return true;
  if (['off', 'false', '0'].includes(value)) return false;
  throw new ConfigError(`${name} must be on or off, got "${raw}"`);
}

/** The embedded feature-flag service's client key (GET /api/features/sdk-timbre-embedded). */
export const EMBEDDED_GROWTHBOOK_CLIENT_KEY = 'sdk-timbre-embedded';

function growthbookConfig(env: NodeJS.ProcessEnv): Config['growthbook'] {
  const clientKey = env.GROWTHBOOK_CLIENT_KEY?.trim() || EMBEDDED_GROWTHBOOK_CLIENT_KEY;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(clientKey)) {
    throw new ConfigError(
      `GROWTHBOOK_CLIENT_KEY must be a GrowthBook client key (letters, digits, - _), got "${clientKey}"`,
    );
  }
  const rawHost = env.GROWTHBOOK_API_HOST?.trim() || undefined;
  if (rawHost === undefined) return { clientKey, apiHost: undefined };
  let url: URL;
  try {
    url = new URL(rawHost);
  } catch {
    throw new ConfigError(`GROWTHBOOK_API_HOST must be an http(s) address, got "${rawHost}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`GROWTHBOOK_API_HOST must be an http(s) address, got "${rawHost}"`);
  }
  return { clientKey, apiHost: rawHost.replace(/\/+$/, '') };
}

function stripeConfig(env: NodeJS.ProcessEnv): Config['stripe'] {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  if (!secretKey && !webhookSecret) return undefined;
  // Never echo the values: they are secrets.
  if (!secretKey || !webhookSecret) {
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  }
  if (!/^(sk|rk)_(test|live)_/.test(secretKey)) {
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_… or rk_…)');
  }
  if (!webhookSecret.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET must start with whsec_');
  const meterEventName = env.STRIPE_METER_EVENT_NAME?.trim() || 'timbre_seconds';
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(meterEventName)) {
    throw new ConfigError(
      `STRIPE_METER_EVENT_NAME must be a Stripe meter's event name (letters, digits, _ . : -), got "${meterEventName}"`,
    );
  }
  return { secretKey, webhookSecret, meterEventName };
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new ConfigError(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  if (pathStyle && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
  }
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: pathStyle ? pathStyle === 'true' : Boolean(endpoint),
  };
}

function adminEmail(raw: string | undefined): string {
  if (!raw) return 'admin@timbre.local';
  if (!/^[^\s@]+@[^\s@]+$/.test(raw) || raw.length > 254) {
    throw new ConfigError(`ADMIN_EMAIL must be an e-mail address, got "${raw}"`);
  }
  return raw.trim();
}

function adminPassword(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  // Never echo the value: it is a secret.
  if (!STRONG_PASSWORD.test(raw)) {
    throw new ConfigError(
      'ADMIN_PASSWORD must be 8-32 characters with a digit, an uppercase letter, a lowercase letter and a special character',
    );
  }
  return raw;
}
