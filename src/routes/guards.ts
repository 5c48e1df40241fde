import { safeNext, type SessionStatus } from '../machines/index.ts';

/**
 * What a route asks of the session (SPEC.md section 2):
 * - `public`: anyone, always (marketing, legal, verification and OAuth landing pages);
 * - `home`: `/`: guests see the landing page, signed-in users the dashboard, so the guarded rules apply to them;
 * - `guestOnly`: log in and sign up; signed-in users go on to where they were going, or home;
 * - `unverifiedOnly`: the unverified page, which requires sign-in only;
 * - `wizard`: the welcome wizard: signed in and verified, the wizard itself exempt from the wizard rule;
 * - `guarded`: signed in, e-mail verified, wizard finished, skipped or ignored.
 */
export type RouteKind = 'public' | 'home' | 'guestOnly' | 'unverifiedOnly' | 'wizard' | 'guarded';

export interface GuardedRoute {
  kind: RouteKind;
  /** The path asked for, with its query (kept as `next` when a guest is sent to log in). */
  path: string;
  /** The `next` parameter of a guest-only page: where to go once signed in. */
  next?: string | null;
}

export const LOGIN_PATH = '/login';
export const UNVERIFIED_PATH = '/unverified';
export const WELCOME_PATH = '/welcome';
export const HOME_PATH = '/';
/** The pages only guests see; never a `next` target, or a signed-in user would bounce between them. */
export const GUEST_ONLY_PATHS: readonly string[] = ['/login', '/signup', '/login/mobile'];

const pathOf = (target: string) => target.split(/[?#]/, 1)[0]!;

/** The login page, remembering where the guest was going (the login page itself is not worth remembering). */
export function loginWithNext(path: string): string {
  const next = safeNext(path);
  return next && next !== HOME_PATH && !GUEST_ONLY_PATHS.includes(pathOf(next))
    ? `${LOGIN_PATH}?next=${encodeURIComponent(next)}`
    : LOGIN_PATH;
}

/**
 * SPEC.md section 2 "Guard rules" as one pure function of the session's status: where the route sends the
 * user, or null to show it. While the session is being restored or the user is signing out nothing
 * moves (the app shows its loader).
 */
export function guardRedirect(status: SessionStatus, route: GuardedRoute): string | null {
  if (status === 'checking' || status === 'signingOut') return null;
  switch (route.kind) {
    case 'public':
      return null;
    case 'home':
      if (status === 'unverified') return UNVERIFIED_PATH;
      if (status === 'wizard') return WELCOME_PATH;
      return null;
    case 'guestOnly': {
      if (status === 'guest') return null;
      // Signed in: on to `next` if it is safe (the target's own guard takes over from there), else home.
      const next = safeNext(route.next);
      return next && !GUEST_ONLY_PATHS.includes(pathOf(next)) ? next : HOME_PATH;
    }
    case 'unverifiedOnly':
      return status === 'guest' ? loginWithNext(route.path) : null;
    case 'wizard':
      if (status === 'guest') return loginWithNext(route.path);
      if (status === 'unverified') return UNVERIFIED_PATH;
      return null;
    case 'guarded':
      if (status === 'guest') return loginWithNext(route.path);
      if (status === 'unverified') return UNVERIFIED_PATH;
      if (status === 'wizard') return WELCOME_PATH;
      return null;
  }
}
