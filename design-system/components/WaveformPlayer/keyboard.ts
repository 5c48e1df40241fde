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
