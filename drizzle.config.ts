import { defineConfig } from 'drizzle-kit';

// One set of SQL migrations for both databases: PGlite (embedded default) and PostgreSQL (DATABASE_URL).
// `drizzle-kit generate` needs no connection; the server applies migrations itself at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});
