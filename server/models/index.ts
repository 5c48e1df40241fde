import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { unauthorized } from '../platform/errors.ts';
import { defineHandlers } from '../platform/handlers.ts';
import { callerOf, type Caller } from './access.ts';
import { registerArtwork } from './artwork.ts';
import { liveUserIdByEmail, seedAccentInfos, seedCatalogue, seedPrivateVoices } from './seed.ts';
import * as voices from './voices.ts';

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

/** The signed-in caller with what their plan allows (every model manager call requires sign-in). */
async function caller(request: FastifyRequest): Promise<Caller> {
  const id = request.auth?.user.id;
  if (!id) throw unauthorized();
  return callerOf(request.server.db, id);
}

/** The model manager service (/api/models, /api/v2/voices and the reference data). */
export const modelsHandlers = defineHandlers({
  listVoices: async (request) =>
    voices.listVoices(request.server.db, request.server.fileUrls, await caller(request), request.query),
  searchVoices: async (request) =>
    voices.searchVoices(
      request.server.db,
      request.server.fileUrls,
      await caller(request),
      request.query.name,
      request.query.limit,
    ),
  getVoicesByIds: async (request) =>
    voices.voicesByIds(request.server.db, request.server.fileUrls, await caller(request), request.body.voice_ids),
  setVoiceFavorite: async (request) =>
    voices.setVoiceFavorite(
      request.server.db,
      request.server.fileUrls,
      await caller(request),
      request.params.id,
      request.body.favorite,
    ),
  saveVoiceSettings: async (request) =>
    voices.saveVoiceSettings(request.server.db, await caller(request), request.body),
  checkPrivateVoice: async (request) =>
    voices.checkPrivateVoice(request.server.db, await caller(request), request.params.id),

  listAccentInfos: async (request) => {
    const result = await request.server.db.execute(
      sql`select locale, name, short_name, country, language, flag from accent_infos order by locale`,
    );
    const rows = (result as unknown as { rows: AccentInfoRow[] }).rows;
    return Object.fromEntries(rows.map((r) => [r.locale, r]));
  },
});
