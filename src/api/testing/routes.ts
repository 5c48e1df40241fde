import type { paths as AuthPaths } from '../../../openapi/generated/auth.js';
import type { paths as MarketplacePaths } from '../../../openapi/generated/marketplace.js';
import type { paths as ModelsPaths } from '../../../openapi/generated/models.js';

/** Every path of the three service contracts (no path is in two of them). */
export type ContractPaths = AuthPaths & MarketplacePaths & ModelsPaths;

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Operation = { parameters: unknown; responses: object };

/**
 * A fake route: "METHOD /path/{param}" exactly as the contract writes an operation, e.g.
 * `'GET /api/v2/voices'` or `'DELETE /api/recordings/{id}'`. A key the contract does not have fails to compile.
 */
export type RouteKey = {
  [P in keyof ContractPaths & string]: {
    [M in Method]: ContractPaths[P][M] extends Operation ? `${Uppercase<M>} ${P}` : never;
  }[Method];
}[keyof ContractPaths & string];

/** The contract's operation behind a route key. */
export type OperationOf<K extends RouteKey> = K extends `${infer M} ${infer P}`
  ? P extends keyof ContractPaths
    ? Lowercase<M> extends keyof ContractPaths[P]
      ? Extract<ContractPaths[P][Lowercase<M>], Operation>
      : never
    : never
  : never;

type Responses<K extends RouteKey> = OperationOf<K>['responses'];

/** What an answer carries: the one media type's body (JSON, or a zip's bytes as text), or nothing. */
type BodyOf<R> = R extends { content: infer C } ? (C extends object ? C[keyof C] : undefined) : undefined;

/** The error statuses a route may answer with its `default` response when it declares none of its own. */
// prettier-ignore
type ErrorStatus =
  | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415 | 416 | 417
  | 418 | 421 | 422 | 423 | 424 | 425 | 426 | 428 | 429 | 431 | 451
  | 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511;

type Answer<S, R> = {
  status: S;
  headers?: Record<string, string>;
  /** Milliseconds before the answer (to show pending states in stories). */
  delay?: number;
} & (BodyOf<R> extends undefined ? { body?: undefined } : { body: BodyOf<R> });

/**
 * An answer the contract allows for route K: a declared status with that status's body, or (when the
 * operation has a `default` response) another error status with the default body.
 */
export type FakeAnswer<K extends RouteKey> =
  | { [S in keyof Responses<K>]: S extends number ? Answer<S, Responses<K>[S]> : never }[keyof Responses<K>]
  | (Responses<K> extends { default: infer D } ? Answer<Exclude<ErrorStatus, keyof Responses<K>>, D> : never);

type PathParams<K extends RouteKey> = OperationOf<K>['parameters'] extends { path: infer P }
  ? P extends object
    ? { [N in keyof P]: string }
    : Record<string, never>
  : Record<string, never>;

type RequestBodyOf<K extends RouteKey> =
  OperationOf<K> extends { requestBody?: infer B }
    ? B extends { content: infer C }
      ? C extends object
        ? C[keyof C]
        : unknown
      : unknown
    : unknown;

/** One recorded request: method, path, query, path parameters and JSON body. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The path parameters of the route that answered, by name (`{id}` → `params.id`). */
  params: Record<string, string>;
  body: unknown;
  headers: Headers;
}

/** The call as route K sees it: its path parameters and request body typed from the contract. */
export type FakeCallOf<K extends RouteKey> = Omit<FakeCall, 'params' | 'body'> & {
  params: PathParams<K>;
  body: RequestBodyOf<K>;
};

/**
 * A fake route's answer: fixed, or computed from the call. A function that answers `undefined` does not
 * know the call (an id it was not given): the next route that matches answers, or the fetch answers 404.
 */
export type FakeRoute<K extends RouteKey> =
  FakeAnswer<K> | ((call: FakeCallOf<K>) => FakeAnswer<K> | undefined | Promise<FakeAnswer<K> | undefined>);

/** A fake server: route key → answer, every key and body checked against the contract. */
export type FakeRoutes = { [K in RouteKey]?: FakeRoute<K> };
