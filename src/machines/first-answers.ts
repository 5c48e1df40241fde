import { useSyncExternalStore } from 'react';
import type { AppStorage } from './app-storage.ts';
import { isVerified, type SessionStatus } from './session-flags.ts';
import type { SessionActor } from './session-context.tsx';
import { sessionStatus } from './session.machine.ts';
import type { SubscriptionActor } from './subscription.machine.ts';

/*
 * A signed-in first load draws its page once the answers it depends on are in: the session check and, for a
 * signed-in user, the plan and credits (GET /api/v3/subscriptions and /api/v3/credits, asked for as the session
 * check answers). Until then route guards treat the session as still being checked (the app's neutral shell
 * shows). Why: React draws a first page in slices, yielding to the browser between them, but when a store the
 * page reads (the session, the plan) changes while it does, React throws the slices away and draws the whole
 * page again in one long task. Measured on a signed-in /projects with a 4× slower CPU: the page drawn in ~5 ms
 * slices for 1.3 s, then again in one 1.3 s task as the plan's answer landed. Waiting costs nothing most of the
 * time: those answers are in before the page's own chunks.
 */

/** How long a first page waits for those answers at most (a slow plan request does not hold the page). */
export const FIRST_ANSWERS_TIMEOUT_MS = 4000;

let waiting = false;
const listeners = new Set<() => void>();

function settle() {
  if (!waiting) return;
  waiting = false;
  for (const listener of listeners) listener();
}

/**
 * Holds route guards until the session check has answered and, for a signed-in user, the plan has loaded (or
 * failed), or `timeoutMs` has passed. Without a call (tests, stories, later navigations) nothing is held.
 */
export function holdUntilFirstAnswers(
  session: SessionActor,
  subscription: SubscriptionActor,
  timeoutMs = FIRST_ANSWERS_TIMEOUT_MS,
): void {
  waiting = true;
  const timer = setTimeout(done, timeoutMs);
  const subscriptions = [session.subscribe(check), subscription.subscribe(check)];
  check();
  function check() {
    const status = sessionStatus(session.getSnapshot());
    if (status === 'checking') return;
    // The plan is loaded for a verified user only (an unverified one has none to wait for).
    if (status !== 'signingOut' && isVerified(session.getSnapshot().context.user)) {
      if (subscription.getSnapshot().matches({ signedIn: { data: 'loading' } })) return;
      if (subscription.getSnapshot().matches('signedOut')) return; // the session's user has not reached it yet
    }
    done();
  }
  function done() {
    clearTimeout(timer);
    for (const one of subscriptions) one.unsubscribe();
    settle();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Resolves once a first load's answers are in (at once when nothing is held). */
export function firstAnswersSettled(): Promise<void> {
  if (!waiting) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}

/** Whether a first load still waits for its first answers (see above). */
export const isAwaitingFirstAnswers = (): boolean => waiting;

/** The same, for a component: it renders again when the wait ends. */
export function useAwaitingFirstAnswers(): boolean {
  return useSyncExternalStore(subscribe, isAwaitingFirstAnswers, () => false);
}

/**
 * The session's last settled status, kept in the browser: a first load asks for a signed-in page's data early
 * (early-requests.ts) only for a browser whose session was verified last time, so an unverified or signed-out
 * session never sends calls the server would refuse. Cleared with the rest of the app's data at log-out.
 */
export const ACCESS_KEY = 'timbre.session_access';

/** Keeps `ACCESS_KEY` on the session's status each time it settles (not while checking or signing out). */
export function rememberAccess(session: SessionActor, storage: AppStorage | null): void {
  let last: SessionStatus | null = null;
  const keep = () => {
    const status = sessionStatus(session.getSnapshot());
    if (status === 'checking' || status === 'signingOut' || status === last) return;
    last = status;
    try {
      storage?.setItem(ACCESS_KEY, status);
    } catch {
      // storage full or disabled: the next first load just asks later
    }
  };
  session.subscribe(keep);
  keep();
}

/** Whether this browser's session was verified when it last settled. */
export function wasVerified(storage: AppStorage | null): boolean {
  try {
    return storage?.getItem(ACCESS_KEY) === 'verified';
  } catch {
    return false;
  }
}
