import { useSelector } from '@xstate/react';
import { Suspense, useState } from 'react';
import { toastStore } from '../../design-system/index.ts';
import { lazyComponent } from '../shared/chunk-load.ts';
import { useAnyModalOpen } from '../shared/modals/index.ts';

// The modal host and the toast regions are React Aria's dialogs and collections: a fifth of the first load,
// which most visits to the public site never use. Each loads the first time something is there to show.
const ModalHost = lazyComponent(
  () => import('../../design-system/modals/modal-host.tsx'),
  (m) => m.ModalHost,
);
const Toaster = lazyComponent(
  () => import('../../design-system/toasts/Toaster.tsx'),
  (m) => m.Toaster,
);

/** True from the first render where `value` is, so what it loaded stays mounted after. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

/** The app's modals and toasts, drawn once the first of them opens. */
export function Overlays() {
  const modals = useOnceTrue(useAnyModalOpen());
  const toasts = useOnceTrue(useSelector(toastStore, (snapshot) => snapshot.context.toasts.length > 0));
  return (
    <Suspense fallback={null}>
      {modals && <ModalHost />}
      {toasts && <Toaster />}
    </Suspense>
  );
}
