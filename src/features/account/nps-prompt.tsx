import { createStore } from '@xstate/store';
import { useSelector } from '@xstate/react';
import { Suspense } from 'react';
import { lazyComponent } from '../../shared/chunk-load.ts';

/** Whether the NPS survey's dialog is open (the trigger opens it; the dialog closes it). */
export const npsPromptStore = createStore({
  context: { open: false },
  on: {
    open: () => ({ open: true }),
    close: () => ({ open: false }),
  },
});

// The survey's code loads when it first opens, not with every page.
const NpsSurveyModal = lazyComponent(
  () => import('./modals/nps-modal.tsx'),
  (m) => m.NpsSurveyModal,
);

/** Where the NPS survey's dialog is drawn while open: render it once, near the root of the app. */
export function NpsSurveyPrompt() {
  const open = useSelector(npsPromptStore, (snapshot) => snapshot.context.open);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NpsSurveyModal close={() => npsPromptStore.trigger.close()} />
    </Suspense>
  );
}
