import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths as AuthPaths } from '../../openapi/generated/auth.js';
import type { paths as MarketplacePaths } from '../../openapi/generated/marketplace.js';
import type { paths as ModelsPaths } from '../../openapi/generated/models.js';
import { createSharedMiddleware, type SharedMiddlewareDeps } from './middleware.ts';
import { createTokenStore } from './session-token.ts';
import { FetchUploadRequest, type UploadRequest, type UploadTransport } from './upload.ts';

export interface ApiClients {
  auth: Client<AuthPaths>;
  marketplace: Client<MarketplacePaths>;
  models: Client<ModelsPaths>;
  /** How file uploads (with progress) reach the same server: see `uploadRecordings`. */
  uploads: UploadTransport;
}

export interface ApiClientOptions extends Partial<SharedMiddlewareDeps> {
  /** Origin of the API; the SPA calls its own origin. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  /** More middleware, after the shared one (a drawn page's answers: server-answers.ts). */
  middleware?: readonly Middleware[];
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
  for (const c of [auth, marketplace, models] as Client<object>[]) c.use(middleware, ...(options.middleware ?? []));
  const { fetch } = options;
  const uploads: UploadTransport = {
    // Over the clients' own fetch when one is given (tests, stories), so a fake network sees uploads too.
    createRequest: fetch
      ? () => new FetchUploadRequest(fetch, base.baseUrl)
      : () => new XMLHttpRequest() as unknown as UploadRequest,
    token: () => tokens.get(),
  };
  return { auth, marketplace, models, uploads };
}
