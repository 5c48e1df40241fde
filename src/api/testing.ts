import { createApiClients, type ApiClients } from './clients.ts';
import { createTokenStore, type TokenStore } from './session-token.ts';

/** What a fake route answers: a status and a JSON body (or none), after an optional delay. */
export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before the answer (to show pending states in stories). */
  delay?: number;
}

/** One recorded request: method, path, query and JSON body. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = FakeResponse | ((call: FakeCall) => FakeResponse | Promise<FakeResponse>);

/**
 * A `fetch` for tests and stories that answers by "METHOD /path" (the path without the query) and records
 * every call. Unknown routes answer 404, so a test notices a call it did not expect. This is the network
 * boundary only: the clients, the shared middleware and the code under test run for real.
 */
export function createFakeFetch(routes: Record<string, Handler>) {
  const calls: FakeCall[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const call: FakeCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: request.headers,
    };
    calls.push(call);
    const handler = routes[`${request.method} ${url.pathname}`];
    const answer: FakeResponse = !handler
      ? { status: 404, body: { detail: `No fake route for ${request.method} ${url.pathname}` } }
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    if (answer.delay) await new Promise((resolve) => setTimeout(resolve, answer.delay));
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

/** A Web Storage over a Map, for tests and stories that must not touch the browser's localStorage. */
export function createMemoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
}

/** API clients over a fake fetch, with an in-memory token store and a recorded "go home". */
export function createFakeApi(
  routes: Record<string, Handler>,
  options: { goHome?: () => void; storage?: ReturnType<typeof createMemoryStorage> } = {},
) {
  const { fetch, calls } = createFakeFetch(routes);
  const storage = options.storage ?? createMemoryStorage();
  const tokens: TokenStore = createTokenStore(storage);
  const api: ApiClients = createApiClients({
    baseUrl: 'http://timbre.test',
    fetch,
    tokens,
    goHome: options.goHome ?? (() => undefined),
  });
  return { api, calls, tokens, storage };
}
