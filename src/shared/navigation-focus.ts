import { useEffect } from 'react';

/*
 * After a navigation the app moves focus to the new page's <h1> (src/routes/route-focus.ts). A page whose
 * address names something to focus (the project page's ?original=) moves focus there itself; it claims the
 * navigation's focus so focus moves once, straight to that item, not to the h1 and a moment later again.
 */

let claims = 0;

/** Claims the focus of the navigation under way; returns the function that gives the claim up. */
export function claimNavigationFocus(): () => void {
  claims += 1;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    claims -= 1;
  };
}

/** Whether the page on screen moves focus itself after the navigation. */
export function isNavigationFocusClaimed(): boolean {
  return claims > 0;
}

/** Claims the navigation's focus while `active` (the page's address names an item it will focus). */
export function useClaimNavigationFocus(active: boolean): void {
  useEffect(() => (active ? claimNavigationFocus() : undefined), [active]);
}
