import { Suspense, useEffect, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { browserStorage, useSession } from '../../machines/index.ts';
import { lazyComponent } from '../../shared/chunk-load.ts';

// The survey's dialog loads when it first opens, and the trigger once a user is signed in: not with the public pages.
const NpsSurveyModal = lazyComponent(
  () => import('./modals/nps-modal.tsx'),
  (m) => m.NpsSurveyModal,
);

/**
 * The NPS survey, asked after the user's fifth finished conversion and at most once per 90 days: while a
 * verified user is signed in, each finished conversion (live events) runs the trigger (nps-trigger-runtime.ts,
 * npsTriggerMachine) and, when it asks, this draws the survey's dialog. Render it once, near the root of the app.
 */
export function NpsSurveyPrompt() {
  const api = useApi();
  const { user } = useSession();
  const userId = user?.verified ? user.id : null;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./nps-trigger-runtime.ts').then(({ startNpsTrigger }) => {
      if (!stopped) stop = startNpsTrigger(api, browserStorage(), () => setOpen(true));
    });
    return () => {
      stopped = true;
      stop?.();
      // Signed out (or another user): the survey was this user's.
      setOpen(false);
    };
  }, [api, userId]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NpsSurveyModal close={() => setOpen(false)} />
    </Suspense>
  );
}
