import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { reportServerError } from './error-reporting.ts';

/** An error that answers with its status and `{detail, ...extra}`; anything else becomes a 500. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: unknown;
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;
  constructor(
    statusCode: number,
    detail: unknown,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
    this.statusCode = statusCode;
    this.detail = detail;
    this.extra = extra;
    this.headers = headers;
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const forbidden = (why = 'Forbidden') => new HttpError(403, why);
export const unauthorized = (why = 'Not authenticated') => new HttpError(401, why);
export const conflict = (why: string) => new HttpError(409, why);
export const fileTooLarge = () => new HttpError(413, 'File is too large');
export const invalidField = (field: string, message: string) =>
  new HttpError(422, `${field} ${message}`, { field, errors: [{ field, message }] });
export const tooManyRequests = (message: string, retryAfter: number, limit?: number) =>
  new HttpError(
    429,
    { message, retry_after: retryAfter, ...(limit === undefined ? {} : { limit }) },
    {},
    { 'retry-after': String(retryAfter) },
  );

interface AjvLikeError {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  /** The schema object that holds the failing keyword (Ajv's verbose mode). */
  parentSchema?: Record<string, unknown>;
}

const CONTEXT: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Turns one Ajv error into the field it names, e.g. body/email or query/limit. */
export function fieldOf(context: string, err: AjvLikeError): string {
  const base = CONTEXT[context] ?? context;
  const pointer = (err.instancePath ?? '').replace(/^\//, '');
  const extra =
    typeof err.params?.missingProperty === 'string'
      ? err.params.missingProperty
      : typeof err.params?.additionalProperty === 'string'
        ? err.params.additionalProperty
        : '';
  return printable([base, pointer, extra].filter(Boolean).join('/'));
}

/**
 * Text as an answer can show it: what the text rule refuses (NUL, a lone surrogate) and other control
 * characters but tab and newline are written as their \u escape, so a detail that names a bad field (or
 * quotes a bad value) never echoes them back.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
/** printable() on every string of an error's answer (detail, field, errors[].field…). */
function printableDeep(value: unknown): unknown {
  if (typeof value === 'string') return printable(value);
  if (Array.isArray(value)) return value.map(printableDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableDeep(v)]));
  }
  return value;
}
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f]|[\ud800-\udfff]/gu;

/** "first_name" → "First name": the field as a person reads it. */
function labelOf(field: string): string {
  const last = field.split('/').pop() ?? field;
  const words = last.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A rule's own sentence, from `x-error-message` on the schema it failed in (openapi/auth.yaml's Password,
 * PersonName, Email…); `{name}` becomes the field's label. Only for failures of the value itself: a
 * missing or unknown property is about the enclosing object and keeps the generic wording.
 */
function customMessage(err: AjvLikeError, field: string): string | undefined {
  if (err.keyword === 'required' || err.keyword === 'additionalProperties') return undefined;
  const text = err.parentSchema?.['x-error-message'];
  return typeof text === 'string' ? text.replaceAll('{name}', labelOf(field)) : undefined;
}

function messageOf(err: AjvLikeError): string {
  if (err.keyword === 'additionalProperties') return 'is not an accepted field';
  if (err.keyword === 'required') return 'is required';
  if (err.keyword === 'enum' && Array.isArray(err.params?.allowedValues)) {
    return `must be one of: ${(err.params.allowedValues as unknown[]).join(', ')}`;
  }
  return err.message ?? 'is invalid';
}

/** The one error handler of the app: every failure answers JSON with a detail. */
export function errorHandler(error: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    for (const [k, v] of Object.entries(error.headers)) void reply.header(k, v);
    return reply.code(error.statusCode).send(printableDeep({ detail: error.detail, ...error.extra }));
  }
  const fe = error as FastifyError & { validation?: AjvLikeError[]; validationContext?: string };
  if (fe.validation && fe.validation.length > 0) {
    const context = fe.validationContext ?? 'body';
    const seen = new Set<string>();
    const errors: { field: string; message: string; detail: string }[] = [];
    for (const e of fe.validation) {
      const field = fieldOf(context, e);
      const custom = customMessage(e, field);
      const message = custom ?? messageOf(e);
      // One rule sentence per field, however many of its keywords (minLength, pattern…) failed.
      if (seen.has(`${field}\n${message}`)) continue;
      seen.add(`${field}\n${message}`);
      errors.push({ field, message, detail: custom ?? `${field} ${message}` });
    }
    const first = errors[0]!;
    return reply.code(422).send({
      detail: first.detail,
      field: first.field,
      errors: errors.map(({ field, message }) => ({ field, message })),
    });
  }
  if (
    fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    return reply.code(422).send({ detail: `body is not valid JSON: ${error.message}`, field: 'body' });
  }
  if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ detail: 'File is too large' });
  }
  const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 ? fe.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    reportServerError(error, request);
    return reply.code(status).send({ detail: 'Internal server error' });
  }
  return reply.code(status).send({ detail: error.message });
}
