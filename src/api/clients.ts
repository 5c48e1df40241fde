import createClient, { type Client } from 'openapi-fetch';
import type { paths as AuthPaths } from '../../openapi/generated/auth.js';
import type { paths as MarketplacePaths } from '../../openapi/generated/marketplace.js';
import type { paths as ModelsPaths } from '../../openapi/generated/models.js';
import { createSharedMiddleware, type SharedMiddlewareDeps } from './middleware.ts';
import { createTokenStore } from './session-token.ts';

export interface ApiClients {
  auth: Client<AuthPaths>;
  marketplace: Client<MarketplacePaths>;
  models: Client<ModelsPaths>;
}

export interface ApiClientOptions extends Partial<SharedMiddlewareDeps> {
  /** Origin of the API; the SPA calls its own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

/** One typed client per service, all sharing one middleware and including credentials. */
export function createApiClients(options: ApiClientOptions = {}): ApiClients {
  const tokens = options.tokens ?? createTokenStore();
  const goHome = options.goHome ?? (() => globalThis.location?.assign('/'));
  const middleware = createSharedMiddleware({ tokens, goHome });
  const base = {
    baseUrl: options.baseUrl ?? globalThis.location?.origin ?? '',
    credentials: 'include' as const,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const auth = createClient<AuthPaths>(base);
  const marketplace = createClient<MarketplacePaths>(base);
  const models = createClient<ModelsPaths>(base);
  for (const c of [auth, marketplace, models] as Client<object>[]) c.use(middleware);
  return { auth, marketplace, models };
}
