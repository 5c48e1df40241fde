import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { workRoot } from '../../jobs/work-dir.ts';
import { createDspEngine } from './dsp-engine.ts';
import type { Engine } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's voice engine, started by the first job that needs it and stopped with the app. */
    voiceEngine(): Engine;
  }
}

/** One voice engine (and its worker threads) per process, shared by the jobs that convert or speak. */
export const voiceEnginePlugin = fp(
  async (app: FastifyInstance) => {
    let engine: Engine | undefined;
    app.decorate('voiceEngine', () => (engine ??= createDspEngine({ tmpDir: workRoot(app.config.dataDir) })));
    app.addHook('onClose', async () => {
      await engine?.close();
    });
  },
  { name: 'voice-engine', dependencies: ['core'] },
);
