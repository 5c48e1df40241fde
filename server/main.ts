import { buildApp } from './app.ts';
import type { AdminSeed } from './identity/seed-admin.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { flushServerSentry, initServerSentry } from './monitoring/sentry-node.ts';

/** Starts every service in one process (SERVICES narrows it) on PORT. */
export async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }
  // Before the app: the SDK instruments what loads after it and reports the error handler's 5xx.
  initServerSentry(config);
  const app = await buildApp({ config });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await flushServerSentry();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pg`;
  const { startup } = app;
  const lines = [
    '',
    `  Timbre is running at ${url}`,
    `  environment: ${config.environment} (ENVIRONMENT)`,
    `  database: ${database}`,
    `  error reports: ${config.sentryDsn ? 'kept here (admin console, Errors) and forwarded to Sentry (SENTRY_DSN)' : 'kept here (admin console, Errors); set SENTRY_DSN to forward them to Sentry'}, release ${config.release}`,
    `  services: ${config.services.join(', ')}`,
    `  e-mail: ${startup.mail}${startup.devMailUrl ? ` (read it at ${startup.devMailUrl.replace(config.publicUrl, url)})` : ''}`,
    `  bot check: ${startup.botCheck === 'turnstile' ? 'Cloudflare Turnstile' : 'off (set TURNSTILE_SECRET to check sign-ups and logins to attacked accounts, which are slowed down meanwhile)'}`,
    `  third-party trackers: ${config.googleTagId ? `Google tag ${config.googleTagId}, for guests who consent` : 'off (set GOOGLE_TAG_ID to load a Google tag for guests who consent)'}; conversion tracking ${config.conversionTracking ? 'on' : 'off'} (CONVERSION_TRACKING)`,
    `  job worker: ${
      app.jobs.worker
        ? `in this process (WORKER=off to leave the jobs to \`npm run worker\` processes)`
        : config.databaseUrl
          ? 'off (WORKER=off): run `npm run worker` against the same DATABASE_URL'
          : 'off (WORKER=off), and PGlite is this process only: nothing will run the jobs'
    }`,
  ];
  if (config.services.includes('auth')) {
    lines.push(
      `  payments: ${startup.payments ?? 'off (set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments)'}`,
    );
    if (startup.flags) lines.push(`  feature flags: ${startup.flags}`);
  }
  if (startup.admin) lines.push(...adminLines(startup.admin));
  console.log([...lines, ''].join('\n'));
  return app;
}

/**
 * The admin's login. A generated password is shown only by the start that created the admin: it is stored
 * only as a hash, so later starts cannot show it (and do not need to).
 */
function adminLines(admin: AdminSeed): string[] {
  if (admin.generatedPassword) {
    return [
      `  admin: ${admin.email} / ${admin.generatedPassword}`,
      '         (generated now and shown only this once; set ADMIN_PASSWORD to choose it)',
    ];
  }
  return [`  admin: ${admin.email}${admin.created ? ' (password from ADMIN_PASSWORD)' : ''}`];
}

if (import.meta.main) {
  await main();
}
