import type { FakeCall, FakeRoutes, RouteKey } from './routes.ts';

/** Any route's answer, as the fetch sees it once the route's types have done their work. */
interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  delay?: number;
}
type AnyRoute = Answer | ((call: FakeCall) => Answer | undefined | Promise<Answer | undefined>);

interface CompiledRoute {
  key: RouteKey;
  method: string;
  pattern: RegExp;
  names: string[];
  /** How many segments are literal: `/api/recordings/originals` answers before `/api/recordings/{id}`. */
  literals: number;
  route: AnyRoute;
}

function compile(key: string, route: AnyRoute): CompiledRoute {
  const [method = '', template = ''] = key.split(' ');
  const names: string[] = [];
  const segments = template.split('/');
  const source = segments
    .map((segment) =>
      segment.replace(/\{([^}]+)\}|[^{]+/g, (part, name?: string) => {
        if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(name);
        return '([^/]+)';
      }),
    )
    .join('/');
  const literals = segments.filter((segment) => !segment.includes('{')).length;
  return { key: key as RouteKey, method, pattern: new RegExp(`^${source}$`), names, literals, route };
}

/** A fake answer the contract does not allow. */
export interface ContractViolation {
  route: RouteKey;
  status: number;
  problem: string;
}

export interface FakeFetchOptions {
  /** What is wrong with an answer, or undefined when the contract allows it (contract.ts, in Node). */
  check?: (route: RouteKey, status: number, body: unknown) => string | undefined;
}

let everyAnswerCheck: FakeFetchOptions['check'];
const unreported: ContractViolation[] = [];

/**
 * Checks the answers of every fake fetch made from now on that has no check of its own (the story test
 * run sets the contract's, so no story's fake server can answer what the real one may not).
 */
export function checkEveryFakeAnswer(check: FakeFetchOptions['check']) {
  everyAnswerCheck = check;
}

/** The violations found by that check since the last call (a test run asserts there are none). */
export function takeContractViolations(): ContractViolation[] {
  return unreported.splice(0);
}

/**
 * A `fetch` for tests and stories that answers by the contract's "METHOD /path/{param}" (the path without
 * the query; a literal segment wins over a parameter, as in the server's router) and records every call.
 * Unknown routes answer 404, so a test notices a call it did not expect. This is the network boundary
 * only: the clients, the shared middleware and the code under test run for real.
 */
export function createFakeFetch(routes: FakeRoutes, options: FakeFetchOptions = {}) {
  const table = Object.entries(routes as Record<string, AnyRoute | undefined>)
    .filter((entry): entry is [string, AnyRoute] => entry[1] !== undefined)
    .map(([key, route]) => compile(key, route))
    .sort((a, b) => b.literals - a.literals);
  const calls: FakeCall[] = [];
  const violations: ContractViolation[] = [];
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
      params: {},
      body,
      headers: request.headers,
    };
    calls.push(call);
    let answer: Answer | undefined;
    for (const entry of table) {
      const match = entry.method === request.method ? entry.pattern.exec(url.pathname) : null;
      if (!match) continue;
      call.params = Object.fromEntries(entry.names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      answer = typeof entry.route === 'function' ? await entry.route(call) : entry.route;
      if (!answer) continue;
      const problem = (options.check ?? everyAnswerCheck)?.(entry.key, answer.status, answer.body);
      if (problem) {
        // As the server's contract check does: the answer becomes a 500 naming what is wrong.
        violations.push({ route: entry.key, status: answer.status, problem });
        unreported.push({ route: entry.key, status: answer.status, problem });
        answer = { status: 500, body: { detail: `Contract violation in ${entry.key} (${answer.status}): ${problem}` } };
      }
      break;
    }
    answer ??= { status: 404, body: { detail: `No fake route for ${request.method} ${url.pathname}` } };
    if (answer.delay) await new Promise((resolve) => setTimeout(resolve, answer.delay));
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, violations };
}

/**
 * Several fake servers as one: where two answer the same route, the later one answers first and the
 * earlier one answers what it leaves (a function answering `undefined`), so each keeps its own ids.
 */
export function mergeRoutes(...tables: FakeRoutes[]): FakeRoutes {
  const merged: Record<string, AnyRoute> = {};
  for (const table of tables) {
    for (const [key, route] of Object.entries(table as Record<string, AnyRoute | undefined>)) {
      if (!route) continue;
      const earlier = merged[key];
      merged[key] =
        earlier && typeof route === 'function'
          ? async (call) => (await route(call)) ?? (typeof earlier === 'function' ? earlier(call) : earlier)
          : route;
    }
  }
  return merged as FakeRoutes;
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
