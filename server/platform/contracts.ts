import { fileURLToPath } from 'node:url';
import $RefParser from '@apidevtools/json-schema-ref-parser';

export const CONTRACT_FILES = { auth: 'auth.yaml', marketplace: 'marketplace.yaml', models: 'models.yaml' } as const;
export type ContractService = keyof typeof CONTRACT_FILES;
export const openapiDir = fileURLToPath(new URL('../../openapi/', import.meta.url));

export type JsonSchema = Record<string, unknown>;
export type SecurityRequirement = Record<string, string[]>;

export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}

export interface Operation {
  service: ContractService;
  operationId: string;
  tag: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document writes it: /api/projects/{id}. */
  path: string;
  /** The same path as Fastify routes it: /api/projects/:id. */
  routePath: string;
  security: SecurityRequirement[];
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  designed: boolean;
  /**
   * `x-unverified: true`: a signed-in user whose e-mail is not verified yet may call it (what the
   * /unverified page and the session need). Every other operation that needs a credential is for
   * verified users only (SPEC.md section 6).
   */
  unverified: boolean;
  /** `x-roles`: the caller must hold one of these roles (e.g. `[admin]`); empty when any role will do. */
  roles: string[];
}

export interface Contract {
  service: ContractService;
  document: Record<string, unknown>;
  operations: Operation[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Reads one OpenAPI document with every $ref (local and common.yaml) resolved. */
export async function loadContract(service: ContractService): Promise<Contract> {
  const file = openapiDir + CONTRACT_FILES[service];
  const document = (await $RefParser.dereference(file)) as Record<string, unknown>;
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item.parameters ?? []) as Parameter[];
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own = (op.parameters ?? []) as Parameter[];
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      operations.push({
        service,
        operationId: String(op.operationId),
        tag: String((op.tags as string[] | undefined)?.[0] ?? service),
        method: method.toUpperCase() as Operation['method'],
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ':$1'),
        security: (op.security ?? document.security ?? []) as SecurityRequirement[],
        parameters,
        ...(op.requestBody ? { requestBody: op.requestBody as Operation['requestBody'] } : {}),
        responses: (op.responses ?? {}) as Record<string, ResponseObject>,
        designed: op['x-designed'] === true,
        unverified: op['x-unverified'] === true,
        roles: Array.isArray(op['x-roles']) ? (op['x-roles'] as unknown[]).map(String) : [],
      });
    }
  }
  return { service, document, operations };
}

const cache = new Map<ContractService, Promise<Contract>>();
/** Contracts are read once per process. */
export function contract(service: ContractService): Promise<Contract> {
  let c = cache.get(service);
  if (!c) {
    c = loadContract(service);
    cache.set(service, c);
  }
  return c;
}

export async function allOperations(): Promise<Operation[]> {
  const all = await Promise.all((Object.keys(CONTRACT_FILES) as ContractService[]).map(contract));
  return all.flatMap((c) => c.operations);
}

/** The response schema an answer with this status must match, or undefined when none is declared. */
export function responseFor(op: Operation, status: number): ResponseObject | undefined {
  return op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses.default;
}
