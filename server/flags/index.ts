import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { defineHandlers } from '../platform/handlers.ts';
import { deleteFeatureFlag, getFeatures, listFeatureFlags, saveFeatureFlag } from './handlers.ts';
import { FeaturesCache, readFeaturesPayload, seedFlags } from './flags.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded features payload, kept 60 s; an admin's edit clears it (server/flags). */
    featuresCache: FeaturesCache;
  }
}

/** The embedded feature-flag service's calls (openapi/auth.yaml: the features payload and the admins' edits). */
export const flagsHandlers = defineHandlers({ getFeatures, listFeatureFlags, saveFeatureFlag, deleteFeatureFlag });

/**
 * The embedded feature flags: the app's flags are created at start when missing (never overwriting an admin's
 * edit), and the features payload's cache. With GROWTHBOOK_API_HOST the app reads a real GrowthBook instead.
 */
export const flagsPlugin = fp(
  async (app: FastifyInstance) => {
    const seeded = await seedFlags(app.db);
    app.decorate('featuresCache', new FeaturesCache(() => readFeaturesPayload(app.db)));
    const { apiHost, clientKey } = app.config.growthbook;
    app.startup.flags = apiHost
      ? `GrowthBook at ${apiHost} (GROWTHBOOK_API_HOST), client key ${clientKey}`
      : `embedded, the app's SDK reads /api/features/${clientKey}${seeded ? ` (${seeded} flag(s) created)` : ''}`;
  },
  { name: 'flags', dependencies: ['database'] },
);
