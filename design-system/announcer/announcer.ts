import { announce as liveAnnounce } from '@react-aria/live-announcer';
import { createStore } from '@xstate/store';

/**
 * The screen-reader announcer: one API over React Aria's `announce()`, which speaks through a visually
 * hidden live region React Aria keeps in document.body.
 *
 * Everything announced is also kept in `announcementLog` (the latest few), which `<Announcer />` renders
 * as a hidden log a screen-reader user can read back and a test can query.
 *
 * The function that actually speaks is a swappable sink: `setAnnouncerSink(fn)` replaces it (tests,
 * a server render), `setAnnouncerSink(null)` restores React Aria's.
 */

/** How urgently a message interrupts: 'assertive' cuts in (errors), 'polite' waits for a pause. */
export type Politeness = 'polite' | 'assertive';

export interface AnnounceOptions {
  /**
   * How urgently the message interrupts what the screen reader is saying.
   * @default 'polite'
   */
  politeness?: Politeness;
  /**
   * How long the message stays in React Aria's live region, in milliseconds.
   * @default 7000
   */
  timeout?: number;
}

/** Where announcements go: by default React Aria's live region. */
export type AnnouncerSink = (message: string, politeness: Politeness, timeout?: number) => void;

/** One entry of the announcement log. */
export interface Announcement {
  id: number;
  message: string;
  politeness: Politeness;
}

/** How many announcements the log keeps. */
export const ANNOUNCEMENT_LOG_SIZE = 5;

/** The latest announcements, newest last (the order they were spoken in). */
export const announcementLog = createStore({
  context: { entries: [] as Announcement[], seq: 0 },
  on: {
    announced: (context, event: { message: string; politeness: Politeness }) => {
      const seq = context.seq + 1;
      const entry = { id: seq, message: event.message, politeness: event.politeness };
      return { seq, entries: [...context.entries, entry].slice(-ANNOUNCEMENT_LOG_SIZE) };
    },
    cleared: (context) => ({ ...context, entries: [] }),
  },
});

const reactAriaSink: AnnouncerSink = (message, politeness, timeout) => {
  // Nothing to speak to outside a browser (server render, node tests).
  if (typeof document === 'undefined') return;
  liveAnnounce(message, politeness, timeout);
};

let sink: AnnouncerSink = reactAriaSink;

/**
 * Replaces the function that speaks; `null` restores React Aria's. Returns a function that puts back
 * the sink that was there before, for a test's cleanup.
 */
export function setAnnouncerSink(next: AnnouncerSink | null): () => void {
  const previous = sink;
  sink = next ?? reactAriaSink;
  return () => {
    sink = previous;
  };
}

/** Says `message` to screen-reader users. Blank messages are ignored. */
export function announce(message: string, options: AnnounceOptions = {}): void {
  const text = message.trim();
  if (!text) return;
  const politeness = options.politeness ?? 'polite';
  announcementLog.trigger.announced({ message: text, politeness });
  sink(text, politeness, options.timeout);
}

/**
 * Keeps `message` in the announcement log without speaking it, for a message that something else already
 * speaks in its own way (a toast, whose React Aria region announces it): the log stays the full record of
 * what was said, and the message is said once. Blank messages are ignored.
 */
export function recordAnnouncement(message: string, politeness: Politeness = 'polite'): void {
  const text = message.trim();
  if (!text) return;
  announcementLog.trigger.announced({ message: text, politeness });
}

/** Empties the announcement log (not what a screen reader has already queued). */
export function clearAnnouncements(): void {
  announcementLog.trigger.cleared();
}

/** Params of the named `announce` action of a statechart. */
export interface AnnounceParams {
  message: string;
  /** @default 'polite' */
  politeness?: Politeness;
}

/**
 * The named action a statechart announces through, so no machine reaches into the DOM:
 *
 * ```ts
 * setup({ actions: { announce: announceAction } }).createMachine({
 *   entry: { type: 'announce', params: { message: 'Conversion started', politeness: 'polite' } },
 * });
 * ```
 */
export function announceAction(_args: unknown, params: AnnounceParams): void {
  announce(params.message, { politeness: params.politeness ?? 'polite' });
}

/** A point of a long task worth saying aloud. */
export type ProgressMilestone = 'start' | '25' | '50' | '75' | 'done';

const QUARTILES = [75, 50, 25] as const;

/**
 * Which milestone, if any, progress crossed between two reports, so progress is announced at milestones
 * only (start, quartiles, done; a failure is announced by the caller from the task's state):
 * - the first report (`previous` null or undefined) is 'start', or 'done' if it is already 100;
 * - reaching 100 is 'done' once;
 * - passing 25, 50 or 75 gives the highest quartile passed (a jump from 10 to 80 is '75');
 * - anything else, going backwards included, is null.
 * Percentages are clamped to 0..100.
 */
export function progressMilestone(previous: number | null | undefined, next: number): ProgressMilestone | null {
  if (!Number.isFinite(next)) return null;
  const clamp = (n: number) => Math.min(100, Math.max(0, n));
  const to = clamp(next);
  const from = previous == null || !Number.isFinite(previous) ? null : clamp(previous);
  if (to >= 100) return from !== null && from >= 100 ? null : 'done';
  if (from === null) return 'start';
  for (const quartile of QUARTILES) {
    if (from < quartile && to >= quartile) return String(quartile) as ProgressMilestone;
  }
  return null;
}
