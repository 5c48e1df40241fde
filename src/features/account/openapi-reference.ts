import { parse } from 'yaml';

/**
 * The API reference's content, read from the same openapi/*.yaml the server validates against: every
 * operation that accepts the API key (security names apiKey), grouped by tag, with its parameters, body
 * fields and answers. Local and common $refs are followed for names and descriptions.
 */

type Json = Record<string, unknown>;

export interface RefParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  type: string;
}

export interface RefField {
  name: string;
  required: boolean;
  type: string;
  description: string;
}

export interface RefOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: RefParameter[];
  bodyType: string | null;
  bodyFields: RefField[];
  responses: { status: string; description: string }[];
}

export interface RefGroup {
  service: string;
  tag: string;
  description: string;
  operations: RefOperation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Follows a $ref (`#/…` in `doc`, `./common.yaml#/…` in `common`); anything else is returned as it is. */
function resolve(node: unknown, doc: Json, common: Json, depth = 0): Json {
  if (!node || typeof node !== 'object') return {};
  const ref = (node as Json).$ref;
  if (typeof ref !== 'string' || depth > 8) return node as Json;
  const [file, pointer = ''] = ref.split('#');
  const root = file ? common : doc;
  let target: unknown = root;
  for (const part of pointer.split('/').filter(Boolean)) target = (target as Json | undefined)?.[part];
  // A ref with siblings (a description beside it) keeps them over the target's.
  const { $ref: _ref, ...siblings } = node as Json;
  void _ref;
  return { ...resolve(target, file ? common : doc, common, depth + 1), ...siblings };
}

function typeOf(schema: Json): string {
  const type = schema.type;
  if (Array.isArray(type)) return type.join(' | ');
  if (typeof type === 'string') {
    if (type === 'array') return 'array';
    return schema.format ? `${type} (${String(schema.format)})` : type;
  }
  if (schema.enum) return (schema.enum as unknown[]).map(String).join(' | ');
  if (schema.oneOf || schema.anyOf) return 'one of several';
  return 'object';
}

function fieldsOf(schema: Json, doc: Json, common: Json): RefField[] {
  const all = (schema.allOf as unknown[] | undefined)?.map((s) => resolve(s, doc, common)) ?? [schema];
  const fields: RefField[] = [];
  for (const part of all) {
    const required = new Set((part.required as string[] | undefined) ?? []);
    for (const [name, raw] of Object.entries((part.properties as Json | undefined) ?? {})) {
      const prop = resolve(raw, doc, common);
      fields.push({
        name,
        required: required.has(name),
        type: typeOf(prop),
        description: String(prop.description ?? '').trim(),
      });
    }
  }
  return fields;
}

/** The operations of one contract that accept the API key, grouped by their first tag in the contract's order. */
export function referenceOf(service: string, yamlText: string, commonText: string): RefGroup[] {
  const doc = parse(yamlText) as Json;
  const common = parse(commonText) as Json;
  const tags = ((doc.tags as Json[] | undefined) ?? []).map((t) => ({
    name: String(t.name),
    description: String(t.description ?? ''),
  }));
  const groups = new Map<string, RefGroup>(
    tags.map((t) => [t.name, { service, tag: t.name, description: t.description, operations: [] }]),
  );
  for (const [path, item] of Object.entries((doc.paths as Json | undefined) ?? {})) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (!op) continue;
      const security = (op.security as Json[] | undefined) ?? [];
      if (!security.some((s) => 'apiKey' in s)) continue;
      const tag = String((op.tags as string[] | undefined)?.[0] ?? 'other');
      if (!groups.has(tag)) groups.set(tag, { service, tag, description: '', operations: [] });
      const content = (resolve(op.requestBody, doc, common).content as Json | undefined) ?? {};
      const [bodyType, media] = Object.entries(content)[0] ?? [null, null];
      const bodySchema = media ? resolve((media as Json).schema, doc, common) : null;
      groups.get(tag)!.operations.push({
        id: String(op.operationId ?? `${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        description: String(op.description ?? '').trim(),
        parameters: ((op.parameters as unknown[] | undefined) ?? []).map((p) => {
          const param = resolve(p, doc, common);
          return {
            name: String(param.name),
            in: String(param.in),
            required: Boolean(param.required),
            description: String(param.description ?? '').trim(),
            type: typeOf(resolve(param.schema, doc, common)),
          };
        }),
        bodyType,
        bodyFields: bodySchema ? fieldsOf(bodySchema, doc, common) : [],
        responses: Object.entries((op.responses as Json | undefined) ?? {}).map(([status, r]) => ({
          status,
          description: String(resolve(r, doc, common).description ?? '').trim(),
        })),
      });
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}
