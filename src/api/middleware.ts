import type { Middleware } from 'openapi-fetch';
import { ApiError } from './api-error.ts';
import type { TokenStore } from './session-token.ts';

export const CSRF_HEADER = 'X-CSRF-Token';
export const FILE_TOO_LARGE = 'File is too large';
/** Calls whose failures reject with the whole body (SPEC.md section 8). */
export const WHOLE_BODY_PATHS = new Set(['/api/v3/login', '/api/v3/signup', '/api/v3/oauth2/{provider}/code']);

export interface SharedMiddlewareDeps {
  tokens: TokenStore;
  /** Where a 401 sends the user: the root. */
  goHome: () => void;
}

const optedOut = new Set<string>();

/** Pass in a call's `middleware` to keep a 401 from signing the user out (e.g. probing the session). */
export const keepSessionOn401: Middleware = {
  onRequest({ id }) {
    optedOut.add(id);
  },
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function retryAfterOf(body: unknown, response: Response): number {
  const detail = (body as { detail?: { retry_after?: unknown } } | undefined)?.detail;
  if (detail && typeof detail === 'object' && typeof detail.retry_after === 'number') return detail.retry_after;
  const header = Number(response.headers.get('retry-after'));
  return Number.isFinite(header) ? header : 0;
}

/**
 * The one middleware every service client shares (SPEC.md section 8, "Shared handling"): JSON, credentials and
 * the CSRF header on the way out; on the way back 401 signs out and goes to the root (unless the call opted
 * out), 429 rejects with {statusCode, retryAfter}, 413 with "File is too large", anything else with the
 * detail, or the whole body for login, OAuth login and signup.
 */
export function createSharedMiddleware({ tokens, goHome }: SharedMiddlewareDeps): Middleware {
  return {
    onRequest({ request }) {
      const token = tokens.get();
      if (token) request.headers.set(CSRF_HEADER, token);
      if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
      return request;
    },
    async onResponse({ response, schemaPath, id }) {
      const skip401 = optedOut.delete(id);
      if (response.ok) return undefined;
      const body = await readBody(response.clone());
      const statusCode = response.status;
      if (statusCode === 401 && !skip401) {
        tokens.clear();
        goHome();
      }
      if (statusCode === 429) {
        throw new ApiError({
          statusCode,
          detail: (body as { detail?: unknown })?.detail,
          body,
          retryAfter: retryAfterOf(body, response),
        });
      }
      if (statusCode === 413) throw new ApiError({ statusCode, detail: FILE_TOO_LARGE, body });
      const detail = WHOLE_BODY_PATHS.has(schemaPath)
        ? body
        : ((body as { detail?: unknown } | undefined)?.detail ?? body);
      const field = (body as { field?: unknown } | undefined)?.field;
      throw new ApiError({ statusCode, detail, body, ...(typeof field === 'string' ? { field } : {}) });
    },
  };
}
