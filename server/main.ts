import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';

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
  const app = await buildApp({ config });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl.replace(`:${config.port}`, `:${port}`);
  const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}/pg`;
  console.log(
    [
      '',
      `  Timbre is running at ${url}`,
      `  database: ${database}`,
      `  services: ${config.services.join(', ')}`,
      '',
    ].join('\n'),
  );
  return app;
}

if (import.meta.main) {
  await main();
}
