/**
 * Requests a page makes on its first render, started by the entry as soon as it runs instead: side by side with
 * the session check (`POST /api/v3/auth`), not after it, its render and the page's effect. A signed-in first load
 * of /projects went entry → session check → render → list request → render; the list's answer is now usually
 * there when the page first renders. The page takes its request once (`takeEarly`); one that no page took within
 * `MAX_AGE_MS` is dropped, so a page opened later never shows an answer from before.
 */

/**
 * The id of the answers a page the server drew carries (server-answers.ts reads them; here, in the entry every
 * page loads, only so that the entry can tell such a page without loading that module).
 */
export const SERVER_ANSWERS_ID = 'timbre-answers';

/** How long an early request's answer may wait for its page. */
export const MAX_AGE_MS = 10_000;

interface Early {
  at: number;
  answer: Promise<unknown>;
  /** Set once the answer has arrived (not on a failure). */
  answered?: { value: unknown };
}

const started = new Map<string, Early>();

/** Starts `request` now, for the page that will ask for `key`. */
export function startEarly<T>(key: string, request: () => Promise<T>, now = Date.now()): void {
  const answer = request();
  const early: Early = { at: now, answer };
  answer.then(
    (value) => void (early.answered = { value }),
    // Nobody may take it: a failure is the page's to report if it does (its own request would fail alike).
    () => undefined,
  );
  started.set(key, early);
}

/**
 * The answer for `key` if it has already arrived, once (as `takeEarly`): the page then draws its first render
 * with it, instead of a loading state redrawn a moment later. Undefined (and the request left for `takeEarly`)
 * while it is on its way, after a failure, or when there is none.
 */
export function takeAnswered<T>(key: string, now = Date.now()): { value: T } | undefined {
  const early = started.get(key);
  if (!early?.answered) return undefined;
  started.delete(key);
  if (now - early.at > MAX_AGE_MS) return undefined;
  return early.answered as { value: T };
}

/**
 * The answer of the early request for `key`, once: undefined when none was started, it was taken, or it is older
 * than `MAX_AGE_MS` (the page then requests as usual).
 */
export function takeEarly<T>(key: string, now = Date.now()): Promise<T> | undefined {
  const early = started.get(key);
  started.delete(key);
  if (!early || now - early.at > MAX_AGE_MS) return undefined;
  return early.answer as Promise<T>;
}

/** Resolves once the early request for `key` has answered or failed (it stays there to be taken). */
export async function settledEarly(key: string): Promise<void> {
  await started.get(key)?.answer.catch(() => undefined);
}

/** Forgets every early request (tests, and each page the server draws). */
export function clearEarly(): void {
  started.clear();
}
