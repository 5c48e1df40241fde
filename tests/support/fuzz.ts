// The contract-driven request generator shared by tests/contract/fuzz.test.ts and `npm run bench -- fuzz`:
// for one operation of openapi/*.yaml it makes valid requests from the request schemas, then breaks them
// one way at a time (NUL, lone surrogates, long strings, huge/negative/float/exponent numbers, wrong
// types, deep nesting, missing and extra fields, malformed bodies and multipart). Deterministic for a
// seed: every operation draws from its own PRNG, so one operation can be replayed alone.
import type { JsonSchema, Operation, Parameter } from '../../server/platform/contracts.ts';

/** mulberry32: small, fast and good enough to pick cases; the same seed gives the same cases everywhere. */
export function createRng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [lo, hi]. */
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Rng = ReturnType<typeof createRng>;

/** The seed of one operation's PRNG: the run's seed mixed with the operationId (FNV-1a). */
export function seedFor(seed: number, name: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** What exists for the caller, so that generated ids name real rows and deeper code runs. */
export interface FuzzWorld {
  /** An existing id for a field or parameter name (project_id, folder_id, id…) of this operation, if any. */
  idFor(op: Operation, name: string): string | undefined;
  /** A small valid audio file for binary form fields. */
  audio: Buffer;
}

export type Identity = 'signed-in' | 'guest';

export interface FuzzCase {
  operationId: string;
  /** Position in the operation's case list (with the seed, enough to replay it). */
  index: number;
  /** What was broken, e.g. "nul body/name" or "valid". */
  kind: string;
  as: Identity;
  /** Part of the malformed-multipart family. */
  malformedMultipart?: boolean;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

// ── values from schemas ─────────────────────────────────────────────────────────────────────────────

/** A JSON value written as it stands (numbers JSON cannot produce from JS, deep nesting). */
class Raw {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

const typesOf = (s: JsonSchema): string[] => {
  const t = s.type;
  if (Array.isArray(t)) return t as string[];
  if (typeof t === 'string') return [t];
  if (s.properties) return ['object'];
  if (s.items) return ['array'];
  return [];
};

/** allOf merged into one schema (enough for generating: properties, required and the rest). */
function flatten(s: JsonSchema): JsonSchema {
  const all = s.allOf as JsonSchema[] | undefined;
  if (!all) return s;
  const merged: JsonSchema = { ...s, allOf: undefined };
  for (const part of all.map(flatten)) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties') merged.properties = { ...(merged.properties as object), ...(v as object) };
      else if (k === 'required') merged.required = [...((merged.required as string[]) ?? []), ...(v as string[])];
      else if (merged[k] === undefined) merged[k] = v;
    }
  }
  return merged;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const PATTERN_TRIES = ['a', 'abc', 'Abc123', 'ABC', '123', 'a-b', 'en-US', 'my-project', 'x1', 'A', '1'];

function uuidFrom(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function stringFor(s: JsonSchema, name: string, op: Operation, world: FuzzWorld, rng: Rng): string {
  const format = s.format as string | undefined;
  if (format === 'uuid') return world.idFor(op, name) ?? uuidFrom(rng);
  if (format === 'email') return `fuzz-${rng.int(1, 1e6)}@example.test`;
  if (format === 'date-time') return '2026-01-15T10:00:00.000Z';
  if (format === 'date') return '2026-01-15';
  if (format === 'uri' || format === 'url') return 'https://example.test/fuzz';
  const examples = [...((s.examples as unknown[]) ?? []), s.example, s.default].filter(
    (e): e is string => typeof e === 'string',
  );
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? min + 12;
  if (typeof s.pattern === 'string') {
    const re = new RegExp(s.pattern, 'u');
    const fit = [...examples, ...PATTERN_TRIES].find((c) => re.test(c) && c.length >= min && c.length <= max);
    if (fit) return fit;
  }
  if (examples.length && rng.chance(0.5)) return rng.pick(examples);
  const length = rng.int(Math.max(min, 1), Math.max(Math.min(max, min + 12), 1));
  let out = '';
  for (let i = 0; i < length; i++) out += rng.pick(LETTERS.split(''));
  return out.slice(0, max);
}

function numberFor(s: JsonSchema, integer: boolean, rng: Rng): number {
  let lo = (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number | undefined) ?? 0;
  if (s.exclusiveMinimum !== undefined) lo += integer ? 1 : 0.01;
  let hi = (s.maximum as number | undefined) ?? (s.exclusiveMaximum as number | undefined) ?? lo + 100;
  if (s.exclusiveMaximum !== undefined) hi -= integer ? 1 : 0.01;
  hi = Math.min(hi, lo + 100);
  if (integer) return rng.int(Math.ceil(lo), Math.floor(hi));
  return Math.round((lo + rng.next() * (hi - lo)) * 100) / 100;
}

/** A value that should satisfy the schema (best effort: patterns are matched from examples and tries). */
export function validValue(
  schema: JsonSchema | undefined,
  name: string,
  op: Operation,
  world: FuzzWorld,
  rng: Rng,
  depth = 0,
): unknown {
  if (!schema) return 'x';
  const s = flatten(schema);
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return rng.pick(s.enum as unknown[]);
  const choices = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (choices?.length) {
    const nonNull = choices.filter((c) => !typesOf(c).includes('null') || typesOf(c).length > 1);
    return validValue(rng.pick(nonNull.length ? nonNull : choices), name, op, world, rng, depth);
  }
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = types.length ? rng.pick(types) : typesOf(s).length ? 'null' : 'string';
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return rng.chance(0.5);
    case 'integer':
      return numberFor(s, true, rng);
    case 'number':
      return numberFor(s, false, rng);
    case 'string':
      return stringFor(s, name, op, world, rng);
    case 'array': {
      const itemName = name.replace(/_ids$/, '_id').replace(/^ids$/, 'id');
      const min = (s.minItems as number | undefined) ?? 0;
      const max = Math.min((s.maxItems as number | undefined) ?? min + 2, min + 2);
      const n = depth > 4 ? min : rng.int(min, Math.max(min, max));
      const items: unknown[] = [];
      for (let i = 0; i < n * 3 && items.length < n; i++) {
        const v = validValue(s.items as JsonSchema | undefined, itemName, op, world, rng, depth + 1);
        if (!s.uniqueItems || !items.some((x) => JSON.stringify(x) === JSON.stringify(v))) items.push(v);
      }
      return items;
    }
    default: {
      const out: Record<string, unknown> = {};
      const required = new Set((s.required as string[] | undefined) ?? []);
      for (const [key, sub] of Object.entries((s.properties as Record<string, JsonSchema>) ?? {})) {
        if (required.has(key) || (depth < 4 && rng.chance(0.5))) {
          out[key] = validValue(sub, key, op, world, rng, depth + 1);
        }
      }
      if (s.additionalProperties && typeof s.additionalProperties === 'object' && rng.chance(0.3)) {
        out.extra_key = validValue(s.additionalProperties as JsonSchema, 'extra_key', op, world, rng, depth + 1);
      } else if (s.additionalProperties === true && rng.chance(0.3)) {
        out.extra_key = 'value';
      }
      return out;
    }
  }
}

// ── the request of one operation, as a structure that mutations edit ───────────────────────────────

type BodyKind = 'json' | 'form' | 'multipart' | 'none';

interface Draft {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
  bodyKind: BodyKind;
  /** Replaces the body as sent (malformed JSON, wrong content type, malformed multipart). */
  rawBody?: { payload: string | Buffer; contentType?: string };
  /** Query parameters sent as written, e.g. offset=0x10 (no encoding). */
  rawQuery: string[];
}

/** A place in a draft: a parameter, or a path into the body ([] is the whole body). */
interface Spot {
  part: 'path' | 'query' | 'header' | 'body';
  keys: (string | number)[];
  value: unknown;
  schema?: JsonSchema;
}

const formSchema = (op: Operation) => op.requestBody?.content['multipart/form-data']?.schema;
const jsonSchema = (op: Operation) =>
  op.requestBody?.content['application/json']?.schema ??
  op.requestBody?.content['application/x-www-form-urlencoded']?.schema;

function bodyKindOf(op: Operation): BodyKind {
  const content = op.requestBody?.content ?? {};
  if (content['application/json']) return 'json';
  if (content['application/x-www-form-urlencoded']) return 'form';
  if (content['multipart/form-data']) return 'multipart';
  return 'none';
}

const paramKey = (p: Parameter) => (p.in === 'header' ? p.name.toLowerCase() : p.name);

function validDraft(op: Operation, world: FuzzWorld, rng: Rng): Draft {
  const draft: Draft = { path: {}, query: {}, headers: {}, body: undefined, bodyKind: bodyKindOf(op), rawQuery: [] };
  for (const p of op.parameters) {
    if (p.in === 'cookie') continue;
    if (p.in === 'path' || p.required || rng.chance(0.4)) {
      const target = p.in === 'path' ? draft.path : p.in === 'query' ? draft.query : draft.headers;
      target[paramKey(p)] = validValue(p.schema, p.name, op, world, rng);
    }
  }
  const schema = draft.bodyKind === 'multipart' ? formSchema(op) : jsonSchema(op);
  if (schema && (op.requestBody?.required || rng.chance(0.7))) draft.body = validValue(schema, 'body', op, world, rng);
  return draft;
}

/** Every place of a draft with the schema it should follow (as far as the walk can tell). */
function spots(op: Operation, draft: Draft): Spot[] {
  const out: Spot[] = [];
  for (const p of op.parameters) {
    const part = p.in === 'path' ? 'path' : p.in === 'query' ? 'query' : p.in === 'header' ? 'header' : undefined;
    if (!part) continue;
    const key = paramKey(p);
    const holder = draft[part === 'header' ? 'headers' : part];
    out.push({ part, keys: [key], value: holder[key], ...(p.schema ? { schema: p.schema } : {}) });
  }
  const walk = (value: unknown, keys: (string | number)[], schema: JsonSchema | undefined) => {
    out.push({ part: 'body', keys, value, ...(schema ? { schema } : {}) });
    const s = schema ? flatten(schema) : undefined;
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, [...keys, i], s?.items as JsonSchema | undefined));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        walk(v, [...keys, k], (s?.properties as Record<string, JsonSchema> | undefined)?.[k]);
      }
    }
  };
  if (draft.body !== undefined) walk(draft.body, [], draft.bodyKind === 'multipart' ? formSchema(op) : jsonSchema(op));
  return out;
}

function setSpot(draft: Draft, spot: Spot, value: unknown | typeof REMOVE) {
  if (spot.part !== 'body') {
    const holder = draft[spot.part === 'header' ? 'headers' : spot.part];
    if (value === REMOVE) delete holder[spot.keys[0] as string];
    else holder[spot.keys[0] as string] = value;
    return;
  }
  if (spot.keys.length === 0) {
    draft.body = value === REMOVE ? undefined : value;
    return;
  }
  let node = draft.body as Record<string | number, unknown>;
  for (const k of spot.keys.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = spot.keys.at(-1)!;
  if (value === REMOVE) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last];
  } else node[last] = value;
}
const REMOVE = Symbol('remove');

const where = (spot: Spot) =>
  `${spot.part === 'body' ? 'body' : spot.part}${spot.keys.length ? '/' + spot.keys.join('/') : ''}`;

// ── mutations ──────────────────────────────────────────────────────────────────────────────────────

const DEEP = 1000;
const deepArray = () => new Raw('['.repeat(DEEP) + ']'.repeat(DEEP));
const deepObject = () => new Raw('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP));
const isNumberSchema = (s?: JsonSchema) => !!s && typeTags(s).some((t) => t === 'integer' || t === 'number');
const isStringSchema = (s?: JsonSchema) => !!s && typeTags(s).includes('string');
function typeTags(s: JsonSchema): string[] {
  const f = flatten(s);
  const choices = ((f.oneOf ?? f.anyOf) as JsonSchema[] | undefined) ?? [];
  return [...typesOf(f), ...choices.flatMap(typeTags)];
}
const isContainer = (v: unknown) => v !== null && typeof v === 'object' && !(v instanceof Raw);

/** The families of broken (and boundary) requests; each case picks one and a place to apply it. */
export const MUTATIONS = [
  'valid',
  'valid',
  'boundary-min',
  'boundary-max',
  'nul',
  'nul',
  'lone-surrogate',
  'long-string',
  'empty-string',
  'huge-number',
  'bigint-number',
  'negative-number',
  'float-number',
  'exponent-number',
  'hex-number',
  'over-maximum',
  'wrong-type',
  'deep-array',
  'deep-object',
  'missing-required',
  'extra-field',
  'proto-field',
  'malformed-body',
] as const;
export type Mutation = (typeof MUTATIONS)[number] | 'malformed-multipart';

const BOUNDARY = 'fuzzboundary';
/** The malformed multipart bodies the probe sent (issue 11), each tried once per multipart operation. */
const MALFORMED_MULTIPART: [payload: string, contentType: string, label: string][] = [
  [
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="x"\r\n\r\n1\r\n--${BOUNDARY}--\r\n`,
    'multipart/form-data',
    'no boundary',
  ],
  ['this is not multipart at all', `multipart/form-data; boundary=${BOUNDARY}`, 'garbage'],
  [
    `--${BOUNDARY}\r\ncontent-disposition: form-data; name="data"; filename="a.wav"\r\ncontent-type: audio/wav\r\n\r\nRIFF`,
    `multipart/form-data; boundary=${BOUNDARY}`,
    'unterminated',
  ],
  [
    `--${BOUNDARY}\r\nno headers here\r\n\r\n--${BOUNDARY}--`,
    `multipart/form-data; boundary=${BOUNDARY}`,
    'no disposition',
  ],
];

const WRONG_TYPES: unknown[] = [12345, 'a string', true, null, [], {}, [1, 'two'], { nested: { x: 1 } }];

/** Applies one mutation to the draft; returns a description, or undefined when it does not apply. */
function mutate(op: Operation, draft: Draft, mutation: Mutation, rng: Rng, variant = 0): string | undefined {
  const all = spots(op, draft);
  const strings = all.filter((s) => typeof s.value === 'string' || (s.value === undefined && isStringSchema(s.schema)));
  const numbers = all.filter((s) => typeof s.value === 'number' || (s.value === undefined && isNumberSchema(s.schema)));
  const params = all.filter((s) => s.part !== 'body');
  const bodySpots = all.filter((s) => s.part === 'body' && s.keys.length > 0);
  const objects = all.filter((s) => s.part === 'body' && isContainer(s.value) && !Array.isArray(s.value));
  const pickFrom = (list: Spot[]) => (list.length ? rng.pick(list) : undefined);
  const inQuery = (spot: Spot) => spot.part !== 'body';
  const text = (spot: Spot) => (typeof spot.value === 'string' ? spot.value : 'text');
  switch (mutation) {
    case 'valid':
      return 'valid';
    case 'boundary-min':
    case 'boundary-max': {
      const spot = pickFrom([...strings, ...numbers].filter((s) => s.schema));
      if (!spot) return undefined;
      const s = flatten(spot.schema!);
      const low = mutation === 'boundary-min';
      if (isNumberSchema(s)) {
        const bound = low ? (s.minimum ?? s.exclusiveMinimum) : (s.maximum ?? s.exclusiveMaximum);
        if (typeof bound !== 'number') return undefined;
        setSpot(draft, spot, bound);
      } else {
        const n = low ? ((s.minLength as number | undefined) ?? 0) : (s.maxLength as number | undefined);
        if (n === undefined || s.format || s.pattern || s.enum) return undefined;
        setSpot(draft, spot, 'b'.repeat(n));
      }
      return `${mutation} ${where(spot)}`;
    }
    case 'nul':
    case 'lone-surrogate': {
      const bad = mutation === 'nul' ? rng.pick(['\u0000', '\u0000\u0000']) : rng.pick(['\ud800', '\udfff', '\udc00x']);
      // Headers cannot carry a lone surrogate on the wire (they are Latin-1); NUL is tried everywhere.
      const spot = pickFrom(strings.filter((s) => mutation === 'nul' || s.part !== 'header'));
      if (spot && !(objects.length && rng.chance(0.25))) {
        const v = text(spot);
        setSpot(draft, spot, rng.pick([`${v}${bad}`, bad, `${v.slice(0, 1)}${bad}${v.slice(1)}`]));
        return `${mutation} ${where(spot)}`;
      }
      // No string to break (or one time in four): a property name or a parameter nobody declared carries it.
      const target = pickFrom(objects);
      if (target) {
        (target.value as Record<string, unknown>)[`key${bad}`] = `value${bad}`;
        return `${mutation} ${where(target)}/<property name>`;
      }
      if (draft.bodyKind === 'multipart') return undefined;
      draft.query[`fuzz${bad}`] = `value${bad}`;
      return `${mutation} query/<undeclared>`;
    }
    case 'long-string': {
      const spot = pickFrom(strings);
      if (!spot) return undefined;
      const max = (spot.schema && (flatten(spot.schema).maxLength as number | undefined)) ?? 200;
      const length = inQuery(spot) ? rng.pick([max + 1, 4000]) : rng.pick([max + 1, 100_000]);
      setSpot(draft, spot, 'é'.repeat(length));
      return `long-string(${length}) ${where(spot)}`;
    }
    case 'empty-string': {
      const spot = pickFrom(strings);
      if (!spot) return undefined;
      setSpot(draft, spot, '');
      return `empty-string ${where(spot)}`;
    }
    case 'huge-number':
    case 'bigint-number':
    case 'exponent-number':
    case 'hex-number': {
      const spot = pickFrom(numbers);
      if (!spot) return undefined;
      const raw = {
        'huge-number': rng.pick(['1e309', '-1e309', '1e400']),
        'bigint-number': rng.pick(['9223372036854775808', '99999999999999999999999', '-9223372036854775809']),
        'exponent-number': rng.pick(['1e3', '2E1', '1e-7', '1.0e2']),
        'hex-number': rng.pick(['0x10', '0b11', '0o7', 'Infinity', 'NaN', ' 12', '1_000']),
      }[mutation];
      // In JSON, hex and friends can only be strings; elsewhere everything is written as it stands.
      const value = spot.part === 'body' ? (mutation === 'hex-number' ? raw : new Raw(raw)) : new Raw(raw);
      setSpot(draft, spot, value);
      return `${mutation}(${raw}) ${where(spot)}`;
    }
    case 'negative-number':
    case 'float-number':
    case 'over-maximum': {
      const spot = pickFrom(numbers);
      if (!spot) return undefined;
      const s = spot.schema ? flatten(spot.schema) : {};
      const value =
        mutation === 'negative-number'
          ? rng.pick([-1, -2147483649])
          : mutation === 'float-number'
            ? rng.pick([1.5, 0.1, 2147483647.5])
            : typeof s.maximum === 'number'
              ? s.maximum + 1
              : 2 ** 53;
      setSpot(draft, spot, value);
      return `${mutation}(${value}) ${where(spot)}`;
    }
    case 'wrong-type': {
      const spot = pickFrom([...params, ...bodySpots, ...all.filter((s) => s.part === 'body' && !s.keys.length)]);
      if (!spot) {
        const value = rng.pick(WRONG_TYPES);
        draft.rawBody = { payload: toJson(value), contentType: 'application/json' };
        return `wrong-type(${JSON.stringify(value)}) body (none taken)`;
      }
      const value = spot.part === 'body' ? rng.pick(WRONG_TYPES) : rng.pick(['abc', ['1', '2'], 'true', '{}']);
      setSpot(draft, spot, value);
      return `wrong-type(${JSON.stringify(value)}) ${where(spot)}`;
    }
    case 'deep-array':
    case 'deep-object': {
      if (draft.bodyKind === 'none' || draft.bodyKind === 'form') {
        const spot = pickFrom(params.filter((s) => s.part === 'query'));
        if (!spot) return undefined;
        draft.rawQuery.push(`${String(spot.keys[0])}${'[a]'.repeat(200)}=1`);
        return `${mutation} query/${String(spot.keys[0])}`;
      }
      const spot = pickFrom(all.filter((s) => s.part === 'body'));
      if (!spot) {
        draft.body = mutation === 'deep-array' ? deepArray() : deepObject();
        return `${mutation} body`;
      }
      setSpot(draft, spot, mutation === 'deep-array' ? deepArray() : deepObject());
      return `${mutation}(${DEEP}) ${where(spot)}`;
    }
    case 'missing-required': {
      const requiredParams = op.parameters.filter((p) => p.required && p.in !== 'path' && p.in !== 'cookie');
      const requiredProps: Spot[] = [];
      for (const o of objects) {
        const req = ((o.schema && (flatten(o.schema).required as string[] | undefined)) ?? []).filter(
          (k) => k in (o.value as object),
        );
        for (const k of req) requiredProps.push({ part: 'body', keys: [...o.keys, k], value: undefined });
      }
      const candidates: Spot[] = [
        ...requiredProps,
        ...requiredParams.map((p): Spot => ({
          part: p.in === 'query' ? 'query' : 'header',
          keys: [paramKey(p)],
          value: undefined,
        })),
      ];
      if (op.requestBody?.required && draft.body !== undefined)
        candidates.push({ part: 'body', keys: [], value: undefined });
      const spot = pickFrom(candidates);
      if (!spot) return undefined;
      setSpot(draft, spot, REMOVE);
      return `missing-required ${where(spot)}`;
    }
    case 'extra-field':
    case 'proto-field': {
      const key = mutation === 'proto-field' ? rng.pick(['__proto__', 'constructor']) : 'fuzz_extra';
      const value = mutation === 'proto-field' ? { polluted: true, prototype: { polluted: true } } : 'surprise';
      const spot = pickFrom(objects);
      if (!spot) {
        if (draft.bodyKind === 'multipart') return undefined;
        draft.query[key] = 'surprise';
        return `${mutation} query/${key}`;
      }
      // JSON.stringify drops a __proto__ set by assignment: define it as an own property.
      Object.defineProperty(spot.value, key, { value, enumerable: true, configurable: true, writable: true });
      return `${mutation} ${where(spot)}/${key}`;
    }
    case 'malformed-body': {
      if (draft.bodyKind === 'none') {
        draft.rawBody = { payload: '{"unexpected": true}', contentType: 'application/json' };
        return 'malformed-body (a body where none is taken)';
      }
      if (draft.bodyKind === 'multipart') return undefined;
      const [payload, contentType] = rng.pick<[string, string]>([
        ['{"a": ', 'application/json'],
        ['null', 'application/json'],
        ['[]', 'application/json'],
        ['"just a string"', 'application/json'],
        ['', 'application/json'],
        ['name=x', 'text/plain'],
        ['\u0000\u0001\u0002', 'application/json'],
        ['{"a":1}', 'application/xml'],
        ['%%%=&&&', 'application/x-www-form-urlencoded'],
      ]);
      draft.rawBody = { payload, contentType };
      return `malformed-body(${JSON.stringify(payload)}, ${contentType})`;
    }
    case 'malformed-multipart': {
      if (draft.bodyKind !== 'multipart') return undefined;
      const [payload, contentType, label] = MALFORMED_MULTIPART[variant % MALFORMED_MULTIPART.length]!;
      draft.rawBody = { payload, contentType };
      return `malformed-multipart(${label})`;
    }
  }
}

// ── encoding ───────────────────────────────────────────────────────────────────────────────────────

/** Percent-encoding that also writes lone surrogates (as their WTF-8 bytes), which encodeURIComponent refuses. */
export function encodeAny(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    const pairs = c >= 0xd800 && c <= 0xdbff && i + 1 < value.length && /[\udc00-\udfff]/.test(value[i + 1]!);
    if (pairs) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(value[i]!);
  }
  return out;
}

const paramText = (v: unknown): string[] => {
  if (v instanceof Raw) return [v.text];
  if (Array.isArray(v)) return v.flatMap(paramText);
  if (v !== null && typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
};

/** JSON with Raw values written as they stand. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.text);
      return `\u0001raw${raws.length - 1}\u0001`;
    }
    return v;
  });
  return (text ?? '').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

function multipart(op: Operation, body: unknown, world: FuzzWorld): { payload: Buffer; contentType: string } {
  const boundary = '----timbre-fuzz-7MA4YWxkTrZu0gW';
  const schema = flatten(formSchema(op) ?? {});
  const props = (schema.properties as Record<string, JsonSchema> | undefined) ?? {};
  const chunks: Buffer[] = [];
  const isBinary = (s?: JsonSchema): boolean => {
    if (!s) return false;
    const f = flatten(s);
    if (f.format === 'binary' || f.contentMediaType) return true;
    return [...(((f.oneOf ?? f.anyOf) as JsonSchema[]) ?? []), ...(f.items ? [f.items as JsonSchema] : [])].some(
      isBinary,
    );
  };
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [];
  // Named fields first, files last, the way the client's FormData sends them.
  fields.sort(([a], [b]) => Number(isBinary(props[a])) - Number(isBinary(props[b])));
  for (const [name, value] of fields) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (isBinary(props[name]) && typeof v === 'string' && !v.includes('\u0000') && v.isWellFormed()) {
        chunks.push(
          Buffer.from(
            `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="take.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
          ),
          world.audio,
          Buffer.from('\r\n'),
        );
      } else {
        const text = v instanceof Raw ? v.text : typeof v === 'string' ? v : JSON.stringify(v);
        chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
      }
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function render(op: Operation, draft: Draft, world: FuzzWorld): Pick<FuzzCase, 'url' | 'headers' | 'payload'> {
  const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = draft.path[name];
    return v === undefined ? '' : encodeAny(paramText(v)[0] ?? '');
  });
  const query: string[] = [];
  for (const [name, value] of Object.entries(draft.query)) {
    if (value === undefined) continue;
    for (const text of paramText(value)) query.push(`${encodeAny(name)}=${encodeAny(text)}`);
  }
  query.push(...draft.rawQuery);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(draft.headers)) {
    if (value !== undefined) headers[name] = paramText(value).join(',');
  }
  let payload: string | Buffer | undefined;
  if (draft.rawBody) {
    payload = draft.rawBody.payload;
    if (draft.rawBody.contentType) headers['content-type'] = draft.rawBody.contentType;
  } else if (draft.body !== undefined) {
    if (draft.bodyKind === 'multipart') {
      const form = multipart(op, draft.body, world);
      payload = form.payload;
      headers['content-type'] = form.contentType;
    } else if (
      draft.bodyKind === 'form' &&
      draft.body &&
      typeof draft.body === 'object' &&
      !Array.isArray(draft.body)
    ) {
      payload = Object.entries(draft.body)
        .map(([k, v]) => `${encodeAny(k)}=${encodeAny(paramText(v)[0] ?? '')}`)
        .join('&');
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else {
      payload = toJson(draft.body);
      headers['content-type'] = 'application/json';
    }
  }
  return {
    url: query.length ? `${url}?${query.join('&')}` : url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

// ── cases ──────────────────────────────────────────────────────────────────────────────────────────

export interface CaseOptions {
  seed: number;
  /** Random cases on top of one of each mutation family. */
  extra: number;
}

/**
 * The cases of one operation: one per mutation family (those that apply), each malformed multipart body
 * for multipart operations, then `extra` random ones; a few are sent as a guest.
 */
export function casesFor(op: Operation, world: FuzzWorld, options: CaseOptions): FuzzCase[] {
  const rng = createRng(seedFor(options.seed, op.operationId));
  const plan: Mutation[] = [...new Set(MUTATIONS)];
  // Early, before a rate limit (10 feedback messages an hour) can answer in the parser's place.
  if (bodyKindOf(op) === 'multipart')
    plan.splice(1, 0, ...MALFORMED_MULTIPART.map((): Mutation => 'malformed-multipart'));
  let variant = 0;
  for (let i = 0; i < options.extra; i++) plan.push(rng.pick(MUTATIONS));
  const cases: FuzzCase[] = [];
  for (const mutation of plan) {
    let kind: string | undefined;
    let draft: Draft | undefined;
    // A family that does not apply to this draft (no string to break…) gets a few other drafts, then is skipped.
    for (let attempt = 0; attempt < 3 && !kind; attempt++) {
      draft = validDraft(op, world, rng);
      kind = mutate(op, draft, mutation, rng, variant);
    }
    if (mutation === 'malformed-multipart') variant++;
    if (!kind || !draft) continue;
    // Malformed multipart goes signed in, so it reaches the code that reads the body.
    const as: Identity = mutation !== 'malformed-multipart' && rng.chance(0.1) ? 'guest' : 'signed-in';
    cases.push({
      operationId: op.operationId,
      index: cases.length,
      kind,
      as,
      ...(mutation === 'malformed-multipart' ? { malformedMultipart: true } : {}),
      method: op.method,
      ...render(op, draft, world),
    });
  }
  return cases;
}

/** "status → count", sorted by status, for a summary line. */
export function tally(statuses: number[]): string {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
}
