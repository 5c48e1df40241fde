import { useEffect } from 'react';
import { useApi } from '../../api/index.ts';
import { browserStorage, useSession } from '../../machines/index.ts';
import { npsPromptStore } from './nps-prompt.tsx';

/**
 * While a verified user is signed in: after each finished conversion (live events), asks the NPS survey when
 * the server counts five or more finished conversions and it was not asked in 90 days (npsTriggerMachine);
 * `NpsSurveyPrompt` draws it. Its code loads once a user is signed in, not with the public pages.
 */
export function useNpsTrigger() {
  const api = useApi();
  const { user } = useSession();
  const userId = user?.verified ? user.id : null;
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./nps-trigger-runtime.ts').then(({ startNpsTrigger }) => {
      if (!stopped) stop = startNpsTrigger(api, browserStorage());
    });
    return () => {
      stopped = true;
      stop?.();
      // Signed out (or another user): the survey was this user's.
      npsPromptStore.trigger.close();
    };
  }, [api, userId]);
}
