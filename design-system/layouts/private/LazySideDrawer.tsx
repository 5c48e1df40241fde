import { lazy, Suspense, useState } from 'react';
import type { SideDrawerProps } from './SideDrawer.tsx';

const load = () => import('./SideDrawer.tsx');
const SideDrawer = lazy(load);

/** Starts fetching the drawer's code (on hover or focus of the button that opens it), so it opens at once. */
export function preloadSideDrawer(): void {
  void load();
}

/**
 * The side drawer, its code fetched when it first opens: until then nothing renders. Once opened it stays
 * mounted, so closing it plays the exit animation and returns focus to the button that opened it (the
 * overlay's focus scope restores the element focused before it opened).
 */
export function LazySideDrawer(props: SideDrawerProps) {
  const [needed, setNeeded] = useState(props.isOpen);
  if (props.isOpen && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SideDrawer {...props} />
    </Suspense>
  );
}
