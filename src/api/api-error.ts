/**
 * What a failed call rejects with (SPEC.md section 8). `detail` is the value the spec names: the response's
 * detail, "File is too large" for 413, or the whole body for login, OAuth login and signup; a 429 carries
 * `retryAfter` in seconds.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly detail: unknown;
  readonly body: unknown;
  readonly retryAfter: number | undefined;
  /** The field a 422 names (e.g. "body/email"), when it names one. */
  readonly field: string | undefined;
  constructor(init: { statusCode: number; detail: unknown; body: unknown; retryAfter?: number; field?: string }) {
    super(messageOf(init.detail));
    this.name = 'ApiError';
    this.statusCode = init.statusCode;
    this.detail = init.detail;
    this.body = init.body;
    this.retryAfter = init.retryAfter;
    this.field = init.field;
  }
}

function messageOf(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (detail && typeof detail === 'object') {
    const d = detail as { detail?: unknown; message?: unknown };
    if (typeof d.message === 'string') return d.message;
    if (typeof d.detail === 'string') return d.detail;
  }
  return 'Something went wrong';
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;
