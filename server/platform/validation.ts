import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { JsonSchema, Operation } from './contracts.ts';

// ajv-formats is CommonJS; under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** An Ajv for OpenAPI 3.1 (JSON Schema 2020-12) that tolerates OpenAPI's own keywords. */
export function createAjv(options: { coerce: boolean; defaults: boolean }): Ajv2020 {
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
  return ajv;
}

const coercing = createAjv({ coerce: true, defaults: true });
const strictBody = createAjv({ coerce: false, defaults: true });

/** Fastify's validator compiler: query, path and headers are coerced from strings, bodies are not. */
export const validatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? strictBody : coercing;
  const validate: ValidateFunction = ajv.compile(schema);
  return (data: unknown) => (validate(data) ? { value: data } : { error: validate.errors as never });
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
