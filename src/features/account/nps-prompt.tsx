import { Suspense, useEffect, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { browserStorage, useSession } from '../../machines/index.ts';
import { lazyComponent } from '../../shared/chunk-load.ts';
import { useFlag } from '../../shared/feature-flags/feature-flags.tsx';

// The survey's dialog loads when it first opens, and the trigger once a user is signed in: not with the public pages.
const NpsSurveyModal = lazyComponent(
  () => import('./modals/nps-modal.tsx'),
  (m) => m.NpsSurveyModal,
);

/**
 * The NPS survey, asked after the user's fifth finished conversion and at most once per 90 days: while a
 * verified user is signed in, each finished conversion (live events) runs the trigger (nps-trigger-runtime.ts,
 * npsTriggerMachine) and, when it asks, this draws the survey's dialog. Render it once, near the root of the app.
 * Only while the `nps-survey` feature flag is on (issue 19): off, nothing listens and the survey is never offered;
 * until the flags are read (or fail, leaving its default, on) the trigger waits.
 */
export function NpsSurveyPrompt() {
  const api = useApi();
  const { user } = useSession();
  const userId = user?.verified ? user.id : null;
  const survey = useFlag('nps-survey');
  const enabled = survey.settled && survey.on;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!userId || !enabled) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./nps-trigger-runtime.ts').then(({ startNpsTrigger }) => {
      if (!stopped) stop = startNpsTrigger(api, browserStorage(), () => setOpen(true));
    });
    return () => {
      stopped = true;
      stop?.();
      // Signed out (or another user, or the flag turned off): the survey was this user's.
      setOpen(false);
    };
  }, [api, userId, enabled]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NpsSurveyModal close={() => setOpen(false)} />
    </Suspense>
  );
}
