import { useEffect, type RefObject } from 'react';

/** The CSS variable that holds how much of the top of the viewport the layout's header covers. */
export const HEADER_OFFSET_VAR = '--timbre-header-offset';

/**
 * Keeps `--timbre-header-offset` on `<html>` equal to the height of the header while it sticks to the top
 * (0 when it scrolls away with the page). `scroll-padding-top` and the sticky sidebars read it, so a header
 * that wraps onto two lines (large text, a narrow window) still never hides what has focus (WCAG 2.4.11).
 */
export function useHeaderOffset(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    const root = element?.ownerDocument.documentElement;
    if (!element || !root || typeof ResizeObserver === 'undefined') return;
    const update = () => {
      const { position } = getComputedStyle(element);
      const covers = position === 'sticky' || position === 'fixed';
      const offset = `${covers ? element.offsetHeight : 0}px`;
      // A new value on <html> restyles the whole page: set only a change.
      if (root.style.getPropertyValue(HEADER_OFFSET_VAR) !== offset) root.style.setProperty(HEADER_OFFSET_VAR, offset);
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    // The header's position can change with the layout's width without the header changing size.
    observer.observe(root);
    // The observer's first report, once the page is laid out, sets it: read here, it forced a layout mid-commit.
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_OFFSET_VAR);
    };
  }, [header]);
}
