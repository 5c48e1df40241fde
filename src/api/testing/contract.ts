import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import authYaml from '../../../openapi/auth.yaml?raw';
import commonYaml from '../../../openapi/common.yaml?raw';
import marketplaceYaml from '../../../openapi/marketplace.yaml?raw';
import modelsYaml from '../../../openapi/models.yaml?raw';
import type { RouteKey } from './routes.ts';

/**
 * The run-time half of the fakes' contract check, for tests in Node (it loads Ajv and the YAML, so stories
 * in the browser keep to the compile-time half): an answer of a fake route is checked against the response
 * its operation declares for that status, as the server's contract tests check the real answers.
 */

const BASE = 'https://timbre.test/openapi/';
const SOURCES = {
  'common.yaml': commonYaml,
  'auth.yaml': authYaml,
  'marketplace.yaml': marketplaceYaml,
  'models.yaml': modelsYaml,
} as const;
type Document = Record<string, unknown>;

interface Loaded {
  ajv: Ajv2020;
  documents: Record<string, Document>;
  /** "METHOD /path" → the document it is in. */
  files: Map<string, string>;
}

let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  // Formats are not checked: tests name things with short readable ids ('v1', 'p1') where the server makes
  // uuids. Everything else is: declared statuses, required fields, types, enums and bounds.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const documents: Record<string, Document> = {};
  const files = new Map<string, string>();
  for (const [file, text] of Object.entries(SOURCES)) {
    const document = parse(text) as Document;
    documents[file] = document;
    ajv.addSchema({ ...document, $id: BASE + file });
    for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Document>)) {
      for (const method of Object.keys(item)) files.set(`${method.toUpperCase()} ${path}`, file);
    }
  }
  loaded = { ajv, documents, files };
  return loaded;
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

function at(document: Document, pointer: string): unknown {
  let node: unknown = document;
  for (const part of pointer.split('/').slice(1)) {
    node = (node as Record<string, unknown> | undefined)?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}

/** Follows a response object's $ref (local, or into common.yaml) to where the response really is. */
function resolve(file: string, pointer: string): { file: string; pointer: string; node: Document | undefined } {
  const node = at(load().documents[file]!, pointer) as Document | undefined;
  const ref = node?.$ref;
  if (typeof ref !== 'string') return { file, pointer, node };
  const [target = '', fragment = ''] = ref.split('#');
  return resolve(target ? target.replace(/^\.\//, '') : file, fragment);
}

const compiled = new Map<string, ValidateFunction>();

/**
 * What is wrong with answering `status` and `body` on route `key`, or undefined when the contract allows
 * it: the status must be declared (or fall to `default`), and a JSON body must match its schema.
 */
export function contractProblem(key: RouteKey, status: number, body: unknown): string | undefined {
  const { ajv, files } = load();
  const file = files.get(key);
  if (!file) return `${key} is not an operation of the contracts`;
  const [method = '', path = ''] = key.split(' ');
  const operation = `/paths/${escape(path)}/${method.toLowerCase()}/responses`;
  const responses = (at(load().documents[file]!, operation) ?? {}) as Document;
  const declared = [String(status), `${String(status)[0]}XX`, 'default'].find((s) => s in responses);
  if (!declared) return `status ${status} is not declared`;
  const response = resolve(file, `${operation}/${escape(declared)}`);
  const content = response.node?.content as Record<string, unknown> | undefined;
  if (!content) return body === undefined ? undefined : `status ${status} has no body`;
  if (!('application/json' in content)) return undefined;
  const ref = `${BASE}${response.file}#${response.pointer}/content/application~1json/schema`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  if (validate(body)) return undefined;
  return (validate.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');
}
