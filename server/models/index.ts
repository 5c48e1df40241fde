import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { defineHandlers } from '../platform/handlers.ts';
import { registerArtwork } from './artwork.ts';
import { liveUserIdByEmail, seedAccentInfos, seedCatalogue, seedPrivateVoices } from './seed.ts';

interface AccentInfoRow {
  locale: string;
  name: string;
  short_name: string;
  country: string;
  language: string;
  flag: string;
}

/**
 * Reference data and the voice catalogue every start makes sure of (seed.ts): accent infos (existing
 * rows are left as they are), narration styles and tags, voices, models, TTS voices and demo sets.
 */
export async function seedReferenceData(db: Db) {
  await seedAccentInfos(db);
  await seedCatalogue(db);
}

/**
 * What the model manager adds at start once accounts exist: outside production the seeded admin gets
 * the catalogue's private voices (so a fresh machine shows the private filter and check at work), and
 * the models service serves the voices' generated artwork.
 */
export async function installModels(app: FastifyInstance) {
  if (app.config.env !== 'production') {
    const adminId = await liveUserIdByEmail(app.db, app.config.adminEmail);
    if (adminId) await seedPrivateVoices(app.db, adminId);
  }
  if (app.config.services.includes('models')) registerArtwork(app);
}

/** The model manager service (/api/models, /api/v2/voices and the reference data). */
export const modelsHandlers = defineHandlers({
  listAccentInfos: async (request) => {
    const result = await request.server.db.execute(
      sql`select locale, name, short_name, country, language, flag from accent_infos order by locale`,
    );
    const rows = (result as unknown as { rows: AccentInfoRow[] }).rows;
    return Object.fromEntries(rows.map((r) => [r.locale, r]));
  },
});
