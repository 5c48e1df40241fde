import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { announceAction, addToast, type ToastSeverity } from '../../design-system/index.ts';
import { getVoice, isApiError, keepSessionOn401, type ApiClients, type TokenStore } from '../api/index.ts';
import { t, type MessageId } from '../i18n/index.ts';
import { clearAppData, type AppStorage } from './app-storage.ts';
import { failureMessage } from './failure-message.ts';
import { saveLastUsedVoice, takePreselectedVoice, toLastUsedVoiceEntry, type Voice } from './preselected-voice.ts';
import { clearStoredPromo, takeStoredPromo, type PromoRecord } from './promo.ts';
import {
  isVerified,
  needsWizard,
  type PromoStatus,
  type Session,
  type SessionStatus,
  type SignupResult,
  type User,
} from './session-flags.ts';

/** SPEC.md section 4: logout redirects to / after 2 seconds. */
export const LOGOUT_REDIRECT_DELAY = 2000;
/** Where a promo code's result takes the user when no voice was preselected. */
export const PLAN_PAGE = '/account/plan';

export interface SessionContext {
  /** The signed-in user; null for guests. */
  user: User | null;
  /** The CSRF token of the session (also kept by the API's token store, which sends it). */
  csrfToken: string | null;
  /** SPEC.md section 3 "Auth state": the app-wide loader is on (restoring the session, logging out). */
  loadingGlobal: boolean;
  /** SPEC.md section 3 "Auth state": the result of a promo code (at sign-up or after verification) arrived. */
  isPromoCodeResultReceived: boolean;
  /** The promo code taken from storage once the user is verified, while it is being sent. */
  pendingPromo: PromoRecord | null;
  /** The voice preselected in the URL, taken from storage once the user is verified. */
  preselectedVoiceId: string | null;
}

export type SessionEvent =
  /** Restore the session again: with the CSRF token /auth-redirect brought, or after the e-mail was verified. */
  | { type: 'session.restore'; csrfToken?: string }
  /** Logged in (e-mail and password, OAuth): the Session answer. */
  | { type: 'session.login'; session: Pick<Session, 'user' | 'csrf_token'> }
  /** Signed up: the SignupResult answer. */
  | { type: 'session.signup'; result: SignupResult }
  | { type: 'session.logout' }
  /** The server answered with a newer user (domain info, demo wizard, settings…). */
  | { type: 'session.userUpdated'; user: User }
  /** SPEC.md section 4: the global reset clears the session. */
  | { type: 'session.reset' }
  /** A call answered 401: the API middleware removed the token; the session ends and the user goes to /. */
  | { type: 'session.unauthorized' }
  /** The account was deleted (DELETE /api/v3/profile succeeded). */
  | { type: 'session.deleted' }
  /**
   * The server ended this session (the user.session_end event: logged out in another tab, expired, ended
   * from another device, account deleted): local data is cleared and the user goes to /.
   */
  | { type: 'session.ended'; reason: 'logout' | 'expired' | 'deleted' | 'elsewhere' }
  /** A promo code or a preselected voice was stored from the URL (taken at once if already verified). */
  | { type: 'session.extrasStored' };

export interface SessionDeps {
  api: ApiClients;
  tokens: TokenStore;
  /** Where the app keeps local data (localStorage in the browser). */
  storage: AppStorage | null;
  /** Client-side navigation (the router's). */
  navigate: (to: string) => void;
  /**
   * The clock for the last-used voice entry's key.
   * @default Date.now
   */
  now?: () => number;
}

const loggedIn = (csrf: string, user: User) => ({ user, csrfToken: csrf });

const promoMessages: Record<Exclude<PromoStatus, 'none'>, { signup: MessageId; later: MessageId }> = {
  applied: { signup: 'auth.signup.promoApplied', later: 'auth.promo.applied' },
  invalid: { signup: 'auth.promo.invalid', later: 'auth.promo.invalid' },
};

/**
 * The session statechart (SPEC.md sections 3 "Auth state" and 4 "Session"):
 *
 * - `starting` decides at once: with a stored CSRF token (a returning visitor) `checking` restores the session
 *   from the cookie (POST /api/v3/auth, a 401 is just "guest"); without one the visitor is a `guest`, no call;
 * - `guest` until `session.login` or `session.signup`;
 * - `authenticated` holds two regions: `access` is `unverified`, `wizard` or `verified` from the user's
 *   data, and `extras` sends the stored promo code and loads the preselected voice once the e-mail is verified;
 * - `loggingOut` calls the API, then `signedOut` clears local data, announces, and goes to / after 2 s;
 * - deletion, a global reset and a 401 end the session at once.
 */
export function createSessionMachine({ api, tokens, storage, navigate, now = Date.now }: SessionDeps) {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
    },
    actors: {
      restoreSession: fromPromise(async () => {
        const { data } = await api.auth.POST('/api/v3/auth', { middleware: [keepSessionOn401] });
        if (!data) throw new Error('The session answer was empty');
        return data;
      }),
      logout: fromPromise(async () => {
        await api.auth.POST('/api/v3/logout', { body: {} });
      }),
      applyPromo: fromPromise(async ({ input }: { input: PromoRecord }) => {
        const { data } = await api.auth.POST('/api/v3/promo-code', {
          body: { promo_code: input.code, place: input.place },
        });
        if (!data) throw new Error('The promo code answer was empty');
        return data;
      }),
      fetchVoice: fromPromise(({ input }: { input: string }): Promise<Voice | null> => getVoice(api, input)),
    },
    actions: {
      storeToken: (_, params: { csrfToken: string | undefined }) => {
        if (params.csrfToken) tokens.set(params.csrfToken);
      },
      clearToken: () => tokens.clear(),
      clearLocalData: () => void clearAppData(storage),
      clearStoredPromo: () => clearStoredPromo(storage),
      navigate: (_, params: { to: string | null }) => {
        if (params.to) navigate(params.to);
      },
      announce: announceAction,
      toast: (_, params: { message: string | null; severity: ToastSeverity }) => {
        if (params.message) addToast({ message: params.message, severity: params.severity });
      },
      saveVoice: (_, params: { voice: Voice | null }) => {
        if (params.voice) saveLastUsedVoice(storage, toLastUsedVoiceEntry(params.voice), now());
      },
      signedOutContext: assign({
        user: null,
        csrfToken: null,
        pendingPromo: null,
        preselectedVoiceId: null,
        isPromoCodeResultReceived: false,
      }),
      // Reads and clears what the URL left for after verification (SPEC.md section 4).
      takeStoredExtras: assign(() => ({
        pendingPromo: takeStoredPromo(storage),
        preselectedVoiceId: takePreselectedVoice(storage),
      })),
    },
    guards: {
      hasStoredToken: () => tokens.get() !== null,
      isVerified: ({ context }) => isVerified(context.user),
      isInWizard: ({ context }) => isVerified(context.user) && needsWizard(context.user),
      isPastWizard: ({ context }) => isVerified(context.user) && !needsWizard(context.user),
      leftUnverified: ({ context }) => isVerified(context.user),
      leftWizard: ({ context }) => !isVerified(context.user) || !needsWizard(context.user),
      leftVerified: ({ context }) => !isVerified(context.user) || needsWizard(context.user),
      hasPendingPromo: ({ context }) => context.pendingPromo !== null,
      hasPreselectedVoice: ({ context }) => context.preselectedVoiceId !== null,
      isUnauthorized: ({ event }) => {
        const error = (event as { error?: unknown }).error;
        return isApiError(error) && error.statusCode === 401;
      },
    },
    delays: {
      logoutRedirect: LOGOUT_REDIRECT_DELAY,
    },
  }).createMachine({
    id: 'session',
    context: {
      user: null,
      csrfToken: null,
      loadingGlobal: true,
      isPromoCodeResultReceived: false,
      pendingPromo: null,
      preselectedVoiceId: null,
    },
    initial: 'starting',
    on: {
      'session.reset': { target: '.guest', actions: ['clearToken', 'signedOutContext'] },
      'session.unauthorized': {
        target: '.guest',
        actions: ['clearToken', 'signedOutContext', { type: 'navigate', params: { to: '/' } }],
      },
    },
    states: {
      // Resolved before the first render. Only a browser that kept a session's CSRF token (set at every
      // sign-in) can hold a session cookie worth restoring: without one the visitor is a guest at once, with
      // no loader before the landing page's first paint and no POST /api/v3/auth that could only answer 401
      // (which the browser logs as a console error on every guest page).
      starting: {
        always: [{ guard: 'hasStoredToken', target: 'checking' }, { target: 'guest' }],
      },
      checking: {
        entry: assign({ loadingGlobal: true }),
        invoke: {
          src: 'restoreSession',
          onDone: {
            target: 'authenticated',
            actions: [
              { type: 'storeToken', params: ({ event }) => ({ csrfToken: event.output.csrf_token }) },
              assign(({ event }) => loggedIn(event.output.csrf_token, event.output.user)),
            ],
          },
          onError: [
            // The cookie is gone or expired: the stored token is of no use any more.
            { guard: 'isUnauthorized', target: 'guest', actions: ['clearToken', 'signedOutContext'] },
            // Offline or a server error: a guest for now, the token stays for the next try.
            { target: 'guest', actions: 'signedOutContext' },
          ],
        },
        on: {
          // A newer token or a just-verified e-mail: start the restore over, so its answer is fresh.
          'session.restore': {
            target: 'checking',
            reenter: true,
            actions: { type: 'storeToken', params: ({ event }) => ({ csrfToken: event.csrfToken }) },
          },
          'session.login': {
            target: 'authenticated',
            actions: [
              { type: 'storeToken', params: ({ event }) => ({ csrfToken: event.session.csrf_token }) },
              assign(({ event }) => loggedIn(event.session.csrf_token, event.session.user)),
            ],
          },
        },
      },
      guest: {
        entry: assign({ loadingGlobal: false }),
        on: {
          'session.restore': {
            target: 'checking',
            actions: { type: 'storeToken', params: ({ event }) => ({ csrfToken: event.csrfToken }) },
          },
          'session.login': {
            target: 'authenticated',
            actions: [
              { type: 'storeToken', params: ({ event }) => ({ csrfToken: event.session.csrf_token }) },
              assign(({ event }) => loggedIn(event.session.csrf_token, event.session.user)),
            ],
          },
          'session.signup': {
            target: 'authenticated',
            actions: [
              { type: 'storeToken', params: ({ event }) => ({ csrfToken: event.result.csrf_token }) },
              assign(({ event }) => ({
                ...loggedIn(event.result.csrf_token, event.result.user),
                isPromoCodeResultReceived: event.result.promo_status !== 'none',
              })),
              // SPEC.md section 4: signup with a promo shows the result and clears the stored promo.
              'clearStoredPromo',
              {
                type: 'toast',
                params: { message: t('auth.signup.thanks'), severity: 'success' },
              },
              {
                type: 'toast',
                params: ({ event }) => {
                  const status = event.result.promo_status;
                  return status === 'none'
                    ? { message: null, severity: 'info' }
                    : {
                        message: t(promoMessages[status].signup),
                        severity: status === 'applied' ? 'success' : 'error',
                      };
                },
              },
            ],
          },
        },
      },
      authenticated: {
        type: 'parallel',
        entry: assign({ loadingGlobal: false }),
        on: {
          'session.restore': {
            target: '#session.checking',
            actions: { type: 'storeToken', params: ({ event }) => ({ csrfToken: event.csrfToken }) },
          },
          'session.userUpdated': { actions: assign(({ event }) => ({ user: event.user })) },
          'session.logout': '#session.loggingOut',
          'session.deleted': {
            target: '#session.guest',
            actions: [
              'clearLocalData',
              'clearToken',
              'signedOutContext',
              { type: 'announce', params: { message: t('auth.account.deleted') } },
              { type: 'navigate', params: { to: '/' } },
            ],
          },
          'session.ended': {
            target: '#session.guest',
            actions: [
              'clearLocalData',
              'clearToken',
              'signedOutContext',
              {
                type: 'announce',
                params: ({ event }) => ({ message: t(`auth.session.ended.${event.reason}` as MessageId) }),
              },
              { type: 'navigate', params: { to: '/' } },
            ],
          },
        },
        states: {
          access: {
            initial: 'routing',
            states: {
              routing: {
                always: [
                  { guard: 'isPastWizard', target: 'verified' },
                  { guard: 'isInWizard', target: 'wizard' },
                  { target: 'unverified' },
                ],
              },
              // SPEC.md section 4: unverified -> verified; wizard not ignored -> ignored.
              unverified: { always: { guard: 'leftUnverified', target: 'routing' } },
              wizard: { always: { guard: 'leftWizard', target: 'routing' } },
              verified: { always: { guard: 'leftVerified', target: 'routing' } },
            },
          },
          extras: {
            initial: 'waiting',
            states: {
              waiting: { always: { guard: 'isVerified', target: 'running' } },
              // Both done: a promo or voice stored later (a link opened while signed in) starts them again.
              settled: { on: { 'session.extrasStored': 'running' } },
              running: {
                type: 'parallel',
                entry: 'takeStoredExtras',
                onDone: 'settled',
                states: {
                  promo: {
                    initial: 'deciding',
                    states: {
                      deciding: { always: [{ guard: 'hasPendingPromo', target: 'sending' }, { target: 'done' }] },
                      sending: {
                        invoke: {
                          src: 'applyPromo',
                          input: ({ context }) => context.pendingPromo!,
                          onDone: {
                            target: 'done',
                            actions: [
                              assign(({ event }) => ({
                                user: event.output.user,
                                isPromoCodeResultReceived: true,
                                pendingPromo: null,
                              })),
                              {
                                type: 'toast',
                                params: ({ event }) => {
                                  const status = event.output.promo_status;
                                  return status === 'applied'
                                    ? { message: t(promoMessages.applied.later), severity: 'success' }
                                    : { message: t(promoMessages.invalid.later), severity: 'error' };
                                },
                              },
                              {
                                type: 'navigate',
                                // SPEC.md section 4: when the result arrives and no voice is preselected.
                                params: ({ context }) => ({ to: context.preselectedVoiceId ? null : PLAN_PAGE }),
                              },
                            ],
                          },
                          onError: {
                            target: 'done',
                            actions: [
                              assign({ pendingPromo: null }),
                              {
                                type: 'toast',
                                params: ({ event }) => ({
                                  message: t('auth.promo.failed', { reason: failureMessage(event.error) }),
                                  severity: 'error',
                                }),
                              },
                            ],
                          },
                        },
                      },
                      done: { type: 'final' },
                    },
                  },
                  voice: {
                    initial: 'deciding',
                    states: {
                      deciding: {
                        always: [{ guard: 'hasPreselectedVoice', target: 'fetching' }, { target: 'done' }],
                      },
                      fetching: {
                        invoke: {
                          src: 'fetchVoice',
                          input: ({ context }) => context.preselectedVoiceId!,
                          onDone: [
                            {
                              guard: ({ event }) => event.output !== null,
                              target: 'done',
                              actions: { type: 'saveVoice', params: ({ event }) => ({ voice: event.output }) },
                            },
                            {
                              target: 'done',
                              actions: {
                                type: 'toast',
                                params: { message: t('auth.voice.unavailable'), severity: 'warning' },
                              },
                            },
                          ],
                          onError: {
                            target: 'done',
                            actions: {
                              type: 'toast',
                              params: { message: t('auth.voice.unavailable'), severity: 'warning' },
                            },
                          },
                        },
                      },
                      done: { type: 'final' },
                    },
                  },
                },
              },
            },
          },
        },
      },
      loggingOut: {
        entry: assign({ loadingGlobal: true }),
        invoke: {
          src: 'logout',
          // Either way the user asked to leave: local data goes, and the app goes home.
          onDone: 'signedOut',
          onError: 'signedOut',
        },
      },
      signedOut: {
        entry: [
          'clearLocalData',
          'clearToken',
          'signedOutContext',
          { type: 'announce', params: { message: t('auth.logout.done') } },
        ],
        after: {
          logoutRedirect: { target: 'guest', actions: { type: 'navigate', params: { to: '/' } } },
        },
      },
    },
  });
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;
export type SessionSnapshot = SnapshotFrom<SessionMachine>;

/** Where a snapshot of the session stands (see SessionStatus). */
export function sessionStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('loggingOut') || snapshot.matches('signedOut')) return 'signingOut';
  if (snapshot.matches({ authenticated: { access: 'verified' } })) return 'verified';
  if (snapshot.matches({ authenticated: { access: 'wizard' } })) return 'wizard';
  if (snapshot.matches('authenticated')) return 'unverified';
  return 'guest';
}
