import { clearAnnouncer, destroyAnnouncer } from '@react-aria/live-announcer';
import { useEffect, useRef } from 'react';

/*
 * A pending Button announces itself in React Aria's assertive live region by reference to its own label.
 * Once the dialog, list item or page that held the button is gone, the reference dangles (the message was
 * spoken already), and assistive technology or axe would find an unnamed image in the region. These clear
 * such a stale announcement; everything else about the live region stays React Aria's.
 */

/**
 * Empties React Aria's assertive live region in a task of its own, outside React's commit (the DOM change
 * must not land in the middle of React's own work). Returns a function that cancels it.
 */
export function clearStaleAnnouncements(): () => void {
  const timer = setTimeout(() => clearAnnouncer('assertive'));
  return () => clearTimeout(timer);
}

/** Clears a stale announcement when the component unmounts (a dialog or an item that held a pending button). */
export function useClearStaleAnnouncementsOnUnmount(): void {
  useEffect(() => () => void clearStaleAnnouncements(), []);
}

/** Clears a stale announcement each time `key` changes after the first render (the path, on navigation). */
export function useClearStaleAnnouncementsOnChange(key: unknown): void {
  const previous = useRef(key);
  useEffect(() => {
    if (Object.is(previous.current, key)) return;
    previous.current = key;
    return clearStaleAnnouncements();
  }, [key]);
}

/** Removes React Aria's live region altogether, so the next announcement starts a fresh one (stories, tests). */
export function resetLiveRegion(): void {
  destroyAnnouncer();
}
