import { createActor, fromPromise } from 'xstate';
import type { ApiClients } from '../../api/index.ts';
import { onLiveEvents, readJson, writeJson, type AppStorage } from '../../machines/index.ts';
import type { LiveEvent } from '../../api/index.ts';
import { getStats } from './api/account-api.ts';
import { npsTriggerMachine } from './machines/nps-trigger.machine.ts';

/** When the NPS survey was last asked (ms), kept with the synced preferences so every browser knows it. */
export const NPS_ASKED_KEY = 'timbre.nps.askedAt';

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

export const readNpsAskedAt = (storage: AppStorage | null): number | null => readJson(storage, NPS_ASKED_KEY, isTime);

/** Whether a live event says one of the user's voice conversions finished done. */
export function isFinishedConversion(event: LiveEvent): boolean {
  return (
    event.type === 'conversion.finished' &&
    event.data.recording.type === 'conversion' &&
    event.data.recording.state === 'done'
  );
}

/**
 * Starts the NPS trigger for the signed-in user: each finished conversion (live events) runs npsTriggerMachine
 * over GET /api/stats and the time last asked; asking remembers the time and calls `onAsk` (the dialog opens).
 * Returns the function that stops it.
 */
export function startNpsTrigger(api: ApiClients, storage: AppStorage | null, onAsk: () => void): () => void {
  const actor = createActor(
    npsTriggerMachine.provide({
      actors: {
        readFacts: fromPromise(async () => ({
          finished: (await getStats(api)).finished_conversions,
          lastAskedAt: readNpsAskedAt(storage),
          now: Date.now(),
        })),
      },
      actions: {
        ask: (_, { now }) => {
          writeJson(storage, NPS_ASKED_KEY, now);
          onAsk();
        },
      },
    }),
  ).start();
  const stop = onLiveEvents((events) => {
    if (events.some(isFinishedConversion)) actor.send({ type: 'conversion.finished' });
  });
  return () => {
    stop();
    actor.stop();
  };
}
