import { createApiClients, type ApiClients } from '../clients.ts';
import { createTokenStore, type TokenStore } from '../session-token.ts';
import { contractProblem } from './contract.ts';
import { createFakeFetch, createMemoryStorage } from './fake-fetch.ts';
import type { FakeRoutes } from './routes.ts';

/**
 * API clients over a fake fetch, with an in-memory token store and a recorded "go home", for tests in Node.
 * Every answer is checked against the contract at run time: one it does not allow becomes a 500 naming the
 * problem and is listed in `violations`.
 */
export function createFakeApi(
  routes: FakeRoutes,
  options: { goHome?: () => void; storage?: ReturnType<typeof createMemoryStorage> } = {},
) {
  const { fetch, calls, violations } = createFakeFetch(routes, { check: contractProblem });
  const storage = options.storage ?? createMemoryStorage();
  const tokens: TokenStore = createTokenStore(storage);
  const api: ApiClients = createApiClients({
    baseUrl: 'http://timbre.test',
    fetch,
    tokens,
    goHome: options.goHome ?? (() => undefined),
  });
  return { api, calls, tokens, storage, violations };
}
