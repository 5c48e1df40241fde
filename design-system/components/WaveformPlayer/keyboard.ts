/** Seconds the arrow keys move the playhead. */
export const ARROW_STEP_SECONDS = 5;
/** Seconds Page Up / Page Down move it. */
export const PAGE_STEP_SECONDS = 30;

/** What a key pressed on the seek slider does. */
export type SeekKeyAction = { type: 'seek'; time: number } | { type: 'toggle' } | null;

/**
 * The seek slider's keys: Left/Down back 5 s, Right/Up on 5 s (mirrored right to left), Page Down /
 * Page Up 30 s, Home the start, End the end, Space play or pause. The target is clamped to the clip.
 */
export function seekKeyAction(key: string, current: number, total: number, rtl = false): SeekKeyAction {
  const to = (time: number): SeekKeyAction => ({ type: 'seek', time: Math.min(total, Math.max(0, time)) });
  switch (key) {
    case 'ArrowRight':
      return to(current + (rtl ? -ARROW_STEP_SECONDS : ARROW_STEP_SECONDS));
    case 'ArrowLeft':
      return to(current + (rtl ? ARROW_STEP_SECONDS : -ARROW_STEP_SECONDS));
    case 'ArrowUp':
      return to(current + ARROW_STEP_SECONDS);
    case 'ArrowDown':
      return to(current - ARROW_STEP_SECONDS);
    case 'PageUp':
      return to(current + PAGE_STEP_SECONDS);
    case 'PageDown':
      return to(current - PAGE_STEP_SECONDS);
    case 'Home':
      return to(0);
    case 'End':
      return to(total);
    case ' ':
    case 'Spacebar':
      return { type: 'toggle' };
    default:
      return null;
  }
}

/** The most tracks the number keys reach: 1 to 9. */
export const MAX_TRACK_KEYS = 9;

/** What a key pressed anywhere inside the player does to the track choice. */
export type TrackKeyAction = { type: 'select'; index: number } | { type: 'swap' } | null;

/**
 * The track switcher's track keys: 1–9 pick track N (when there is one), X (either case) swaps back to the
 * previously active track. Keys held with Ctrl, Alt or Meta are the browser's (Ctrl+1 switches tabs).
 */
export function trackKeyAction(
  key: string,
  trackCount: number,
  modifiers: { ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean } = {},
): TrackKeyAction {
  if (modifiers.ctrlKey || modifiers.altKey || modifiers.metaKey) return null;
  if (key === 'x' || key === 'X') return trackCount > 1 ? { type: 'swap' } : null;
  if (/^[1-9]$/.test(key)) {
    const index = Number(key) - 1;
    return index < Math.min(trackCount, MAX_TRACK_KEYS) ? { type: 'select', index } : null;
  }
  return null;
}

/**
 * Which track X goes to: the previously active one; before any switch, the first conversion from the
 * original and the original from anything else, so X always compares against the original first.
 * Returns null when there is nothing to swap with.
 */
export function swapIndex(activeIndex: number, previousIndex: number | null, trackCount: number): number | null {
  if (trackCount < 2) return null;
  if (previousIndex !== null && previousIndex !== activeIndex && previousIndex >= 0 && previousIndex < trackCount) {
    return previousIndex;
  }
  return activeIndex === 0 ? 1 : 0;
}

/**
 * Where the track switched to starts: the shared position, clamped to that track's length when it is
 * known (a conversion can be a little shorter than its original).
 */
export function switchPosition(position: number, targetDuration: number): number {
  const t = Number.isFinite(position) && position > 0 ? position : 0;
  return Number.isFinite(targetDuration) && targetDuration > 0 ? Math.min(t, targetDuration) : t;
}
