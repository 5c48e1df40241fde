import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isNavigationFocusClaimed } from '../shared/navigation-focus.ts';

// The consent dialog is not modal and stays open across pages: it returns no focus to wait for.
const anyDialogOpen = () =>
  document.querySelector('[role="dialog"]:not([data-consent-dialog]), [role="alertdialog"]') !== null;

/**
 * After a client-side navigation to another page, moves focus to the new page's `<h1>` so keyboard and
 * screen-reader users start at its top and hear its name, as a full page load would tell them. The first
 * page of a visit keeps the browser's own start. If a drawer or dialog is still closing (the mobile menu),
 * it waits for it to finish, since closing returns focus to the button that opened it. A page that focuses
 * the item its address names (a claim, src/shared/navigation-focus.ts) is left to do so: focus moves once.
 */
export function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return; // first render (and StrictMode's second run)
    previous.current = pathname;
    let frame = 0;
    const deadline = performance.now() + 1000;
    const headingDeadline = performance.now() + 10_000;
    let userActed = false;
    const acted = () => (userActed = true);
    window.addEventListener('keydown', acted, { capture: true, once: true });
    window.addEventListener('pointerdown', acted, { capture: true, once: true });
    let settledFrames = 0;
    const attempt = () => {
      if (anyDialogOpen() && performance.now() < deadline) {
        settledFrames = 0;
        frame = requestAnimationFrame(attempt);
        return;
      }
      // One more frame after the dialog is gone: its focus restoration runs in a frame of its own.
      if (settledFrames++ < 2) {
        frame = requestAnimationFrame(attempt);
        return;
      }
      if (isNavigationFocusClaimed()) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) {
        // A page whose code is still loading (a lazy part behind its own Suspense, such as / choosing between
        // the landing and the dashboard) shows its heading a moment later: wait for it, unless the user has
        // started doing something else meanwhile (a key or a pointer press).
        if (performance.now() < headingDeadline && !userActed) frame = requestAnimationFrame(attempt);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    };
    frame = requestAnimationFrame(attempt);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('keydown', acted, { capture: true });
      window.removeEventListener('pointerdown', acted, { capture: true });
    };
  }, [pathname]);
}
