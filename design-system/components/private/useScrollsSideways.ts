import { useEffect, useRef, useState } from 'react';

/** Whether the element is wider than it shows (its content scrolls sideways), kept up to date. */
export function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const update = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    // No first read here: the observer reports each element once it is laid out, before it paints. Reading the
    // widths in this effect forced a layout of the half-built page on every mount (60 ms of a /projects load).
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls] as const;
}

/** The props that make a sideways-scrolling region a named, focusable stop (WCAG 1.4.10, 2.1.1). */
export const scrollRegionProps = (scrolls: boolean, name: { 'aria-label'?: string; 'aria-labelledby'?: string }) =>
  scrolls
    ? { role: 'region', tabIndex: 0, 'aria-label': name['aria-label'], 'aria-labelledby': name['aria-labelledby'] }
    : {};
