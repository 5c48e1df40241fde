import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isNavigationFocusClaimed } from '../shared/navigation-focus.ts';

const anyDialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

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
      if (!heading) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
