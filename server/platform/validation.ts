import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { JsonSchema, Operation } from './contracts.ts';

// ajv-formats is CommonJS; under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** How deep a request's JSON may nest; no operation takes more than a few levels. */
export const MAX_DEPTH = 32;

// With the u flag a well-formed pair is one code point, so this matches only a surrogate standing alone.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const pointer = (keys: (string | number)[]) =>
  keys.map((k) => '/' + String(k).replaceAll('~', '~0').replaceAll('/', '~1')).join('');

function textError(keys: (string | number)[], message: string): ErrorObject {
  return { instancePath: pointer(keys), schemaPath: '#/x-text', keyword: 'x-text', params: {}, message };
}

function stringProblem(value: string, what = ''): string | undefined {
  if (value.includes('\u0000')) return `must not contain the NUL character (U+0000)${what}`;
  if (LONE_SURROGATE.test(value)) return `must be valid Unicode text${what} (a lone UTF-16 surrogate is not)`;
  return undefined;
}

/**
 * The one rule every request string follows, whatever its schema says: no U+0000 and no unpaired
 * surrogate, in any value or property name, and no nesting deeper than MAX_DEPTH — PostgreSQL (and
 * PGlite) refuse the first two in text and jsonb, so without this they would fail as a 500 (TRAPS.md).
 * Numbers must be finite: JSON's 1e309 parses to Infinity, which no column takes. Walked without
 * recursion, so a deeply nested body cannot exhaust the stack. Returns an Ajv-shaped error (422 naming
 * the field, errors.ts) or undefined.
 */
export function textProblem(data: unknown, only?: readonly string[]): ErrorObject | undefined {
  const stack: { value: unknown; keys: (string | number)[] }[] = [];
  if (only && data && typeof data === 'object') {
    for (const key of only) {
      const value = (data as Record<string, unknown>)[key];
      if (value !== undefined) stack.push({ value, keys: [key] });
    }
  } else stack.push({ value: data, keys: [] });
  while (stack.length) {
    const { value, keys } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return textError(keys, problem);
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return textError(keys, 'must be a finite number');
    } else if (value !== null && typeof value === 'object') {
      if (keys.length >= MAX_DEPTH) return textError(keys.slice(0, 1), `must not nest more than ${MAX_DEPTH} levels`);
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], keys: [...keys, i] });
      } else {
        for (const [key, child] of Object.entries(value).reverse()) {
          const problem = stringProblem(key, ' in its property names');
          if (problem) return textError(keys, problem);
          stack.push({ value: child, keys: [...keys, key] });
        }
      }
    }
  }
  return undefined;
}

/** The validator with the text rule first: a broken string is refused before its schema is looked at. */
function withTextRule<T>(inner: ValidateFunction<T>): ValidateFunction<T> {
  const validate = function (this: unknown, data: unknown, context?: Parameters<ValidateFunction<T>>[1]) {
    const problem = textProblem(data);
    if (problem) {
      validate.errors = [problem];
      return false;
    }
    const ok = inner.call(this, data, context);
    validate.errors = inner.errors;
    return ok;
  } as ValidateFunction<T>;
  validate.schema = inner.schema;
  validate.schemaEnv = inner.schemaEnv;
  return validate;
}

/**
 * An Ajv for OpenAPI 3.1 (JSON Schema 2020-12) that tolerates OpenAPI's own keywords. Every validator it
 * compiles applies the text rule (textProblem) before the schema, unless `textRule: false`.
 */
export function createAjv(options: { coerce: boolean; defaults: boolean; textRule?: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    coerceTypes: options.coerce ? 'array' : false,
    useDefaults: options.defaults,
    // Fastify would strip unknown properties (TRAPS.md); here additionalProperties:false must reject.
    removeAdditional: false,
    validateFormats: true,
    // Errors carry the schema they failed in, so a field rule's x-error-message can be read (errors.ts).
    verbose: true,
  });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addFormat('password', true);
  ajv.addKeyword({ keyword: 'x-designed' });
  ajv.addKeyword({ keyword: 'example' });
  // A human sentence for a field rule (e.g. Password), used as the 422 detail instead of Ajv's wording.
  ajv.addKeyword({ keyword: 'x-error-message', schemaType: 'string' });
  if (options.textRule !== false) {
    const compile = ajv.compile.bind(ajv);
    ajv.compile = ((schema: object, meta?: boolean) => withTextRule(compile(schema, meta))) as typeof ajv.compile;
  }
  return ajv;
}

const coercing = createAjv({ coerce: true, defaults: true });
const strictBody = createAjv({ coerce: false, defaults: true });
// Headers carry much that no contract names (cookies, user agent…): the text rule looks only at declared ones.
const coercingHeaders = createAjv({ coerce: true, defaults: true, textRule: false });

const DECIMAL = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ } as const;

/**
 * Query, path and header numbers are written in decimal digits. Ajv's coercion would read 0x10 as 16,
 * 1e309 and Infinity as Infinity and " 12" as 12; a client that sends those has made a mistake worth a 422.
 */
function numberProblem(data: unknown, schema: JsonSchema): ErrorObject | undefined {
  if (!data || typeof data !== 'object') return undefined;
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const types = ([] as unknown[]).concat(sub.type ?? []);
    const kind = types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : undefined;
    const raw = (data as Record<string, unknown>)[key];
    if (!kind || raw === undefined) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value === 'string' && !DECIMAL[kind].test(value)) {
        return textError(
          [key],
          kind === 'integer' ? 'must be a whole number written in digits' : 'must be a number written in digits',
        );
      }
    }
  }
  return undefined;
}

/** Fastify's validator compiler: query, path and headers are coerced from strings, bodies are not. */
export const validatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) => {
  if (httpPart === 'body') {
    const validate: ValidateFunction = strictBody.compile(schema);
    return (data: unknown) => (validate(data) ? { value: data } : { error: validate.errors as never });
  }
  const declared = Object.keys((schema.properties ?? {}) as object);
  const validate: ValidateFunction = (httpPart === 'headers' ? coercingHeaders : coercing).compile(schema);
  return (data: unknown) => {
    const problem = (httpPart === 'headers' ? textProblem(data, declared) : undefined) ?? numberProblem(data, schema);
    if (problem) return { error: [problem] as never };
    return validate(data) ? { value: data } : { error: validate.errors as never };
  };
};

/** The Fastify route schema for one operation's request (JSON and form bodies; multipart is checked by its handler). */
export function requestSchema(op: Operation): FastifySchema {
  const schema: FastifySchema = {};
  const group = (where: Parameter['in']) => op.parameters.filter((p) => p.in === where);
  const objectOf = (params: Parameter[], additional: boolean) => ({
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [where(p), p.schema ?? {}])),
    required: params.filter((p) => p.required || p.in === 'path').map(where),
    additionalProperties: additional,
  });
  const where = (p: Parameter) => (p.in === 'header' ? p.name.toLowerCase() : p.name);
  const path = group('path');
  const query = group('query');
  const headers = group('header');
  if (path.length) schema.params = objectOf(path, false);
  if (query.length) schema.querystring = objectOf(query, true);
  if (headers.length) schema.headers = objectOf(headers, true);
  // A JSON body, or a form that a provider posts (form-body.ts parses it into the same kind of object).
  const content = op.requestBody?.content;
  const json = content?.['application/json']?.schema ?? content?.['application/x-www-form-urlencoded']?.schema;
  if (json) {
    schema.body = op.requestBody?.required ? json : { anyOf: [json, { type: 'null' }] };
  }
  return schema;
}

type Parameter = Operation['parameters'][number];
