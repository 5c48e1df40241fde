import { useEffect } from 'react';
import { createActor, fromPromise } from 'xstate';
import type { LiveEvent } from '../../api/index.ts';
import { useApi } from '../../api/index.ts';
import {
  browserStorage,
  onLiveEvents,
  readJson,
  useSession,
  writeJson,
  type AppStorage,
} from '../../machines/index.ts';
import { getStats } from './api/account-api.ts';
import { npsTriggerMachine } from './machines/nps-trigger.machine.ts';
import { npsPromptStore } from './nps-prompt.tsx';

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
 * While a verified user is signed in: after each finished conversion (live events), asks the NPS survey when
 * the server counts five or more finished conversions and it was not asked in 90 days (npsTriggerMachine);
 * `NpsSurveyPrompt` draws it.
 */
export function useNpsTrigger() {
  const api = useApi();
  const { user } = useSession();
  const userId = user?.verified ? user.id : null;
  useEffect(() => {
    if (!userId) return;
    const storage = browserStorage();
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
            npsPromptStore.trigger.open();
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
      // Signed out (or another user): the survey was this user's.
      npsPromptStore.trigger.close();
    };
  }, [api, userId]);
}
