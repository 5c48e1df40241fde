import path from 'node:path';

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
  /** LOG_LEVEL — pino level. Default info (silent under test). */
  logLevel: string;
  /** PUBLIC_URL — the address users reach, used in e-mails and OAuth redirects. Default http://localhost:PORT. */
  publicUrl: string;
  /** DIST_DIR — the built SPA served with history fallback. Default ./dist. */
  distDir: string;
  /** SERVICES — comma list of services this process serves. Default all: auth,marketplace,models,notifications. */
  services: ServiceName[];
  /** SESSION_TTL_DAYS — how long a session cookie lives without use. Default 30. */
  sessionTtlDays: number;
  /** COOKIE_SECURE — mark cookies Secure. Default true in production, false otherwise. */
  cookieSecure: boolean;
}

export const SERVICE_NAMES = ['auth', 'marketplace', 'models', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export class ConfigError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
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
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'info'),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    distDir: path.resolve(cwd, env.DIST_DIR || './dist'),
    services: services as ServiceName[],
    sessionTtlDays: integer('SESSION_TTL_DAYS', env.SESSION_TTL_DAYS, 30, 1, 365),
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : nodeEnv === 'production',
  };
}
