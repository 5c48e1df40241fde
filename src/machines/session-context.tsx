import { useSelector } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { authFlags, type AuthFlags, type SessionStatus, type User } from './session-flags.ts';
import { sessionStatus, type SessionEvent, type SessionMachine } from './session.machine.ts';

export type SessionActor = ActorRefFrom<SessionMachine>;

const SessionContext = createContext<SessionActor | null>(null);

/** Gives routes and features the app's one session actor. */
export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={actor}>{children}</SessionContext.Provider>;
}

/** The session actor of the nearest SessionProvider. */
export function useSessionActor(): SessionActor {
  const actor = useContext(SessionContext);
  if (!actor) throw new Error('useSession needs a <SessionProvider> above it');
  return actor;
}

export interface SessionView extends AuthFlags {
  status: SessionStatus;
  user: User | null;
  loadingGlobal: boolean;
  isPromoCodeResultReceived: boolean;
  send: (event: SessionEvent) => void;
}

/** What a screen needs of the session: where it stands, the user, the auth flags, and `send`. */
export function useSession(): SessionView {
  const actor = useSessionActor();
  const status = useSelector(actor, sessionStatus);
  const user = useSelector(actor, (s) => s.context.user);
  const loadingGlobal = useSelector(actor, (s) => s.context.loadingGlobal);
  const isPromoCodeResultReceived = useSelector(actor, (s) => s.context.isPromoCodeResultReceived);
  return { status, user, loadingGlobal, isPromoCodeResultReceived, ...authFlags(user), send: actor.send };
}
