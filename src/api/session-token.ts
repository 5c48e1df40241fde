/** The CSRF token of the current session, kept by the browser between reloads (the cookie itself is httpOnly). */
export const SESSION_TOKEN_KEY = 'timbre.csrf_token';

export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

/** A token store over localStorage; in environments without it (tests, SSR) it keeps the token in memory. */
export function createTokenStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = globalThis.localStorage,
): TokenStore {
  let memory: string | null = null;
  return {
    get: () => (storage ? storage.getItem(SESSION_TOKEN_KEY) : memory),
    set: (token) => (storage ? storage.setItem(SESSION_TOKEN_KEY, token) : void (memory = token)),
    clear: () => (storage ? storage.removeItem(SESSION_TOKEN_KEY) : void (memory = null)),
  };
}
