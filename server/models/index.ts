import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../platform/db.ts';
import { unauthorized } from '../platform/errors.ts';
import { defineHandlers } from '../platform/handlers.ts';
import { callerOf, type Caller } from './access.ts';
import { enqueueDemoRenders, registerDemoRenderJob } from './demo-render.ts';
import { voicesNearPitch } from './nearest-pitch.ts';
import * as reference from './reference.ts';
import { enqueueShowcaseRenders, getShowcase, registerShowcaseRenderJob, seedShowcase } from './showcase.ts';
import { liveUserIdByEmail, seedAccentInfos, seedCatalogue, seedPrivateVoices } from './seed.ts';
import * as voices from './voices.ts';

/**
 * Reference data and the voice catalogue every start makes sure of (seed.ts): accent infos (existing
 * rows are left as they are), narration styles and tags, voices, models, TTS voices, demo sets and the
 * marketing site's samples (showcase.ts).
 */
export async function seedReferenceData(db: Db) {
  await seedAccentInfos(db);
  await seedCatalogue(db);
  await seedShowcase(db);
}

/** The reference data and the voice catalogue, in every process (each service reads them). */
export const referenceDataPlugin = fp(
  async (app: FastifyInstance) => {
    await seedReferenceData(app.db);
  },
  { name: 'reference-data', dependencies: ['database'] },
);

/**
 * What the model manager adds at start once accounts exist (after the identity plugin, when this process
 * serves auth): outside production the seeded admin gets the catalogue's private voices (so a fresh
 * machine shows the private filter and check at work), and the demo sets still without audio are queued
 * for the voice engine (demo-render.ts; DEMO_AUDIO, Config.demoAudio, picks the languages, none in tests
 * unless set). Every process registers the demo.render job, so any worker can render. The voices'
 * generated artwork is the models service's (artwork.ts).
 */
export const modelsPlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.env !== 'production') {
      const adminId = await liveUserIdByEmail(app.db, app.config.adminEmail);
      if (adminId) await seedPrivateVoices(app.db, adminId);
    }
    registerDemoRenderJob(app, () => app.voiceEngine());
    registerShowcaseRenderJob(app, () => app.voiceEngine());
    // The marketing site's samples first: the landing page waits for its hero.
    await enqueueShowcaseRenders(app, app.config.demoAudio);
    await enqueueDemoRenders(app, app.config.demoAudio);
  },
  { name: 'models', dependencies: ['reference-data', 'storage', 'jobs', 'voice-engine'] },
);

/** The signed-in caller with what their plan allows (every model manager call requires sign-in). */
async function caller(request: FastifyRequest): Promise<Caller> {
  const id = request.auth?.user.id;
  if (!id) throw unauthorized();
  return callerOf(request.server.db, id);
}

/** The model manager service (/api/models, /api/v2/voices and the reference data), and GET /api/tts-voices. */
export const modelsHandlers = defineHandlers({
  listModels: async (request) => reference.listModels(request.server.db, await caller(request)),

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
  // Public: the guests' pitch tool compares a pitch measured in the browser with the catalogue's.
  listVoicesNearPitch: async (request) =>
    voicesNearPitch(request.server.db, request.server.fileUrls, request.query.pitch_hz, request.query.limit),
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

  listAccentInfos: async (request) => reference.accentInfoMap(request.server.db),
  listDemoSets: async (request) =>
    reference.listDemoSets(request.server.db, request.server.fileUrls, await caller(request)),
  listNarrationStyleTags: async (request) => reference.listNarrationStyleTags(request.server.db),
  // Public: the marketing pages play these to guests.
  getShowcase: async (request) => getShowcase(request.server.db, request.server.fileUrls),
  listNarrationStyleTagGroups: async (request) => reference.listNarrationStyleTagGroups(request.server.db),

  // In openapi/marketplace.yaml, but the TTS voices are the model manager's reference data.
  listTtsVoices: async (request) => reference.listTtsVoices(request.server.db, await caller(request)),
});
