import { useEffect } from 'react';

/** The app path a link leads to, when it is a link of this app (same origin, not a download or a new tab). */
export function appPathOf(anchor: HTMLAnchorElement, origin: string): string | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // Files and the API are served by the server, not pages of the app.
  if (/^\/(api|files|voice-art|assets)\//.test(url.pathname)) return null;
  return url.pathname;
}

/**
 * Fetches the chunks of the page a link leads to as soon as the pointer rests on it or it takes keyboard
 * focus: by the click, the page's code is (mostly) there. One listener on the document covers every link
 * (nav, buttons that are links, menu items), each path once.
 */
export function usePreloadOnIntent(preload: ((path: string) => void) | undefined): void {
  useEffect(() => {
    if (!preload) return;
    const done = new Set<string>();
    const onIntent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const path = appPathOf(anchor, window.location.origin);
      if (!path || done.has(path) || path === window.location.pathname) return;
      done.add(path);
      preload(path);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [preload]);
}
