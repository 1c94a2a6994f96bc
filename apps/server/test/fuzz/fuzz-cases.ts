import { randomUUID } from 'node:crypto';

/**
 * Hostile requests generated from the app's own OpenAPI document (built from the zod schemas the
 * routes validate with), so a new route or field is fuzzed without touching this file. Each case
 * is one variant kind applied to one route; the rest of the request stays plausible so the hostile
 * part reaches the schema or the handler rather than bouncing off an unrelated field.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema | string };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /api/orders/{id}. */
  path: string;
  params: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

export const VARIANT_KINDS = [
  'valid',
  'wrong-type',
  'bounds',
  'nul',
  'lone-surrogate',
  'huge-string',
  'huge-array',
  'deep-nesting',
  'prototype-keys',
  'content-type',
  'malformed-json',
  'bad-path',
  'unknown-query',
  'unauthenticated',
  'foreign-id',
] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** What kind of record a path, query or body id names; undefined for ids nobody owns. */
export type IdKind =
  'order' | 'fill' | 'notification' | 'watchlist' | 'trade' | 'alert' | 'session' | 'chat' | 'news';
export type IdPool = Partial<Record<IdKind, string[]>>;

export interface FuzzWorld {
  /** Ids of the signed-in user's own records, so plausible requests reach real rows. */
  own: IdPool;
  /** Ids of another user's records: using them must change and reveal nothing. */
  foreign: IdPool;
}

export interface FuzzCase {
  route: string;
  kind: VariantKind;
  method: RouteSpec['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** 'user': the fuzz user's bearer token is added by the runner; otherwise the headers say it all. */
  auth: 'user' | 'none';
  /** The request names another user's record. */
  foreign: boolean;
}

export function routesFromOpenApi(doc: OpenApiDocument): RouteSpec[] {
  const routes: RouteSpec[] = [];
  const schemaOf = (p: Parameter): JsonSchema => (typeof p.schema === 'object' ? p.schema : {});
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = op.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as RouteSpec['method'],
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: schemaOf(p) })),
        // A passthrough query schema shows up as parameters named after JSON Schema keywords.
        query: parameters
          .filter((p) => p.in === 'query' && p.name !== 'type' && p.name !== 'additionalProperties')
          .concat(
            parameters.filter((p) => p.in === 'query' && p.name === 'type' && typeof p.schema === 'object'),
          )
          .map((p) => ({ name: p.name, schema: schemaOf(p) })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/** The kind of record a field names, from the route it is on and its name. */
export function idKindFor(path: string, field: string): IdKind | undefined {
  if (field === 'fillId') return 'fill';
  if (field === 'orderId') return 'order';
  if (field === 'watchlistId') return 'watchlist';
  if (field === 'sessionId') return path.startsWith('/api/saytrix') ? 'chat' : 'session';
  if (field !== 'id') return undefined;
  const prefixes: [string, IdKind][] = [
    ['/api/orders/', 'order'],
    ['/api/notifications/', 'notification'],
    ['/api/watchlist/', 'watchlist'],
    ['/api/trades/', 'trade'],
    ['/api/alerts/', 'alert'],
    ['/api/auth/sessions/', 'session'],
    ['/api/news/', 'news'],
  ];
  return prefixes.find(([prefix]) => path.startsWith(prefix))?.[1];
}

/** Numbers with no JSON spelling (or a lossy one) are written into the payload text as they are. */
class Raw {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

const SYMBOLS = ['RELIANCE', 'TCS', 'ITC', 'INFY', 'HDFCBANK', 'SBIN'];
const MB = 1024 * 1024;
let hugeText: string | undefined;
/** One megabyte of text, built once. */
const megabyte = () => (hugeText ??= 'A'.repeat(MB));
const BIG_BUT_UNDER_BODY_LIMIT = 200 * 1024;

const DEEP_ARRAY = new Raw('['.repeat(1000) + ']'.repeat(1000));
const DEEP_OBJECT = new Raw('{"a":'.repeat(1000) + '1' + '}'.repeat(1000));
// 100,000 zeros is ~200 KB of JSON, under the body limit, so the schema sees it.
const HUGE_ARRAY = new Raw(`[${'0,'.repeat(99_999)}0]`);
const HUGE_URL_LIST = Array.from({ length: 100_000 }, () => '1').join(',');

const HOSTILE_NUMBERS: unknown[] = [
  new Raw('1e308'),
  new Raw('-1e308'),
  new Raw('1e999'),
  new Raw('-0'),
  new Raw('1e-320'),
  'NaN',
  'Infinity',
  '-Infinity',
  Number.MAX_SAFE_INTEGER + 2,
  -1,
  0,
  0.000001,
  2 ** 31,
  2 ** 63,
];
const HOSTILE_URL_NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e999',
  '-0',
  '0x10',
  '9007199254740993',
  '-1',
  '0',
  '1.5',
  ' 1',
  '1%20',
];
const NUL_STRINGS = ['\u0000', 'a\u0000b', 'RELIANCE\u0000', '\u0000'.repeat(64)];
const SURROGATE_STRINGS = ['\uD800', 'x\uDFFFy', 'end\uD83D', '\uDC00\uD800', 'RELIANCE\uDBFF'];
const NUL_URL = ['%00', 'a%00b', 'RELIANCE%00', '%C0%80'];
const SURROGATE_URL = ['%ED%A0%80', 'x%ED%BF%BFy', '%F0%9F', '%ED%A0%BD%ED%B8%80', '%uD800'];
const BAD_PATH = [
  '%00',
  '..',
  '%2e%2e',
  '%2F',
  '%',
  '%zz',
  '%ED%A0%80',
  '%F0%9F',
  '%20',
  'null',
  'undefined',
  '-1',
  '0',
  '1e308',
  'NaN',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '12345678123456781234567812345678',
  '%E2%82%B9',
  '__proto__',
  'constructor',
];
const WRONG_TYPES: unknown[] = [null, true, false, [], {}, [1, 2], { a: 1 }, 'text', 42, ''];
const WRONG_URL_TYPES = ['true', '[]', '{}', '[object Object]', 'abc', '1,2', ''];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'application/octet-stream',
  '*/*',
  'application/json, text/plain',
];
const MALFORMED_JSON = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '\uFEFF{}',
  'null',
  '[]',
  '"text"',
  '1',
  'true',
  '',
  '{"a":1}{"b":2}',
  'NaN',
  '{"a":1e999}',
  '{"a":"\\u00"}',
  '{"a":"\\uD800"}',
  '{"a" 1}',
  '\u0000',
];
const PROTO_BODIES = [
  '{"__proto__":{"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"prototype":{"isAdmin":true}}',
  '{"a":{"__proto__":{"polluted":1}}}',
];
const PROTO_QUERY = [
  '__proto__=x',
  '__proto__[isAdmin]=true',
  'constructor[prototype][isAdmin]=true',
  'prototype=1',
  'constructor=1',
  'hasOwnProperty=1',
  'toString=1',
];

function firstVariant(schema: JsonSchema): JsonSchema {
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (!variants?.length) return schema;
  return variants.find((v) => v.type !== 'null') ?? variants[0]!;
}

function typeOf(schema: JsonSchema): string | undefined {
  const s = firstVariant(schema);
  if (s.enum?.length || s.const !== undefined) return 'enum';
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

function numberIn(schema: JsonSchema, name: string, rng: Rng): number {
  if (/quantity/i.test(name)) return pick(rng, [1, 1, 2, 5]);
  const min = schema.minimum ?? 1;
  const max = schema.maximum ?? 100;
  const choices = [min, Math.min(max, Math.max(min, 1)), Math.min(max, min + 10), max].filter(
    (n) => n >= min && n <= max,
  );
  const value = pick(rng, choices.length ? choices : [min]);
  return schema.type === 'integer' ? Math.round(value) : value;
}

function plausibleText(schema: JsonSchema, name: string, path: string, world: FuzzWorld, rng: Rng): string {
  const kind = idKindFor(path, name);
  if (schema.format === 'uuid' || kind) {
    const own = kind ? world.own[kind] : undefined;
    return own?.length && rng() < 0.8 ? pick(rng, own) : randomUUID();
  }
  if (schema.format === 'date-time' || /^(from|to|expiresAt)$/.test(name))
    return pick(rng, ['2026-01-01T00:00:00Z', '2030-12-31T23:59:59Z']);
  if (schema.format === 'email' || /email/i.test(name)) return `fuzz${Math.floor(rng() * 1e6)}@example.com`;
  if (/symbol|ticker/i.test(name)) return pick(rng, SYMBOLS);
  if (/symbols/i.test(name)) return SYMBOLS.slice(0, 3).join(',');
  if (/password/i.test(name)) return 'Wr0ng!password';
  if (/clientOrderId/.test(name)) return `fuzz-${Math.floor(rng() * 1e12).toString(36)}`;
  if (/code/i.test(name)) return '123456';
  const min = schema.minLength ?? 1;
  const max = schema.maxLength ?? 40;
  const text = pick(rng, ['Fuzz text', 'hello', 'नमस्ते', 'a']);
  return text.length < min ? text.padEnd(min, 'x') : text.slice(0, Math.max(min, Math.min(max, text.length)));
}

/** A value the schema accepts (as far as the JSON Schema says), mostly. */
function plausible(
  schema: JsonSchema | undefined,
  name: string,
  path: string,
  world: FuzzWorld,
  rng: Rng,
  depth = 0,
): unknown {
  if (!schema || depth > 6) return 'x';
  const s = firstVariant(schema);
  if (s.enum?.length) return pick(rng, s.enum);
  if (s.const !== undefined) return s.const;
  switch (typeOf(s)) {
    case 'string':
      return plausibleText(s, name, path, world, rng);
    case 'number':
    case 'integer':
      return numberIn(s, name, rng);
    case 'boolean':
      return rng() < 0.5;
    case 'array': {
      const n = Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 1 + Math.floor(rng() * 2)));
      return Array.from({ length: n }, () =>
        plausible(s.items, name.replace(/s$/, ''), path, world, rng, depth + 1),
      );
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(s.required ?? []);
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        if (required.has(key) || rng() < 0.5) out[key] = plausible(child, key, path, world, rng, depth + 1);
      }
      return out;
    }
    default:
      return 'x';
  }
}

function hostileFor(kind: VariantKind, schema: JsonSchema, rng: Rng): unknown {
  const s = firstVariant(schema);
  const type = typeOf(s);
  switch (kind) {
    case 'wrong-type': {
      const wrong = WRONG_TYPES.filter((v) => {
        if (type === 'string' || type === 'enum') return typeof v !== 'string';
        if (type === 'number' || type === 'integer') return typeof v !== 'number';
        if (type === 'boolean') return typeof v !== 'boolean';
        if (type === 'array') return !Array.isArray(v);
        if (type === 'object') return v === null || typeof v !== 'object' || Array.isArray(v);
        return true;
      });
      return pick(rng, wrong);
    }
    case 'bounds':
      if (type === 'string' || type === 'enum') {
        const max = s.maxLength ?? 64;
        return pick(rng, [
          '',
          'x'.repeat(max + 1),
          'x'.repeat(Math.max(0, (s.minLength ?? 1) - 1)),
          ' ',
          '\t\n',
          'ZZZZ',
        ]);
      }
      if (type === 'array')
        return pick(rng, [[], Array.from({ length: (s.maxItems ?? 50) + 1 }, () => 'RELIANCE')]);
      return pick(rng, [
        ...HOSTILE_NUMBERS,
        ...(s.minimum !== undefined ? [s.minimum - 1, s.minimum - 0.0001] : []),
        ...(s.maximum !== undefined ? [s.maximum + 1, s.maximum + 0.0001] : []),
      ]);
    case 'nul':
      return pick(rng, NUL_STRINGS);
    case 'lone-surrogate':
      return pick(rng, SURROGATE_STRINGS);
    case 'huge-string':
      return rng() < 0.5 ? megabyte() : megabyte().slice(0, BIG_BUT_UNDER_BODY_LIMIT);
    case 'huge-array':
      return HUGE_ARRAY;
    case 'deep-nesting':
      return rng() < 0.5 ? DEEP_ARRAY : DEEP_OBJECT;
    default:
      return 'x';
  }
}

function hostileUrlValue(kind: VariantKind, schema: JsonSchema, rng: Rng): string {
  const type = typeOf(schema);
  switch (kind) {
    case 'wrong-type':
      return pick(rng, WRONG_URL_TYPES);
    case 'bounds':
      if (type === 'string' || type === 'enum')
        return pick(rng, ['', 'x'.repeat((schema.maxLength ?? 64) + 1), '%20']);
      return pick(rng, [
        ...HOSTILE_URL_NUMBERS,
        ...(schema.maximum !== undefined ? [String(schema.maximum + 1)] : []),
        ...(schema.minimum !== undefined ? [String(schema.minimum - 1)] : []),
      ]);
    case 'nul':
      return pick(rng, NUL_URL);
    case 'lone-surrogate':
      return pick(rng, SURROGATE_URL);
    case 'huge-string':
      return rng() < 0.5 ? megabyte() : 'B'.repeat(BIG_BUT_UNDER_BODY_LIMIT);
    case 'huge-array':
      return HUGE_URL_LIST;
    case 'deep-nesting':
      return '%5B'.repeat(1000) + '%5D'.repeat(1000);
    default:
      return 'x';
  }
}

/** Kinds that make sense for a route: each is generated for every route that has the fields it needs. */
export function kindsFor(route: RouteSpec, world: FuzzWorld): VariantKind[] {
  const hasFields = route.params.length + route.query.length > 0 || hasBodyFields(route.body);
  return VARIANT_KINDS.filter((kind) => {
    if (
      ['wrong-type', 'bounds', 'nul', 'lone-surrogate', 'huge-string', 'huge-array', 'deep-nesting'].includes(
        kind,
      )
    )
      return hasFields || route.body !== undefined;
    if (kind === 'content-type' || kind === 'malformed-json')
      return route.method !== 'GET' && route.method !== 'DELETE';
    if (kind === 'foreign-id') return foreignTargets(route, world).length > 0;
    return true;
  });
}

function hasBodyFields(body: JsonSchema | undefined): boolean {
  return !!body && Object.keys(firstVariant(body).properties ?? {}).length > 0;
}

function foreignTargets(route: RouteSpec, world: FuzzWorld): string[] {
  const fields = [
    ...route.params.map((p) => p.name),
    ...route.query.map((p) => p.name),
    ...Object.keys(firstVariant(route.body ?? {}).properties ?? {}),
  ];
  return fields.filter((f) => {
    const kind = idKindFor(route.path, f);
    // News is everyone's; chat ids are names within a user's own chats ("default"), not global ids.
    return kind && kind !== 'news' && kind !== 'chat' && (world.foreign[kind]?.length ?? 0) > 0;
  });
}

type Slot = { where: 'param' | 'query' | 'body'; name: string; schema: JsonSchema };

function slotsOf(route: RouteSpec): Slot[] {
  const bodyProps = Object.entries(firstVariant(route.body ?? {}).properties ?? {});
  return [
    ...route.params.map((p) => ({ where: 'param' as const, ...p })),
    ...route.query.map((p) => ({ where: 'query' as const, ...p })),
    ...bodyProps.map(([name, schema]) => ({ where: 'body' as const, name, schema })),
  ];
}

/** One hostile request for a route; `rng` makes it reproducible from a seed. */
export function generateCase(route: RouteSpec, kind: VariantKind, world: FuzzWorld, rng: Rng): FuzzCase {
  const params: Record<string, string> = {};
  for (const p of route.params)
    params[p.name] = encodeURIComponent(String(plausible(p.schema, p.name, route.path, world, rng)));
  const query: string[] = [];
  for (const q of route.query) {
    if (rng() < 0.4)
      query.push(
        `${q.name}=${encodeURIComponent(String(plausible(q.schema, q.name, route.path, world, rng)))}`,
      );
  }
  let body: unknown = route.body ? plausible(route.body, 'body', route.path, world, rng) : undefined;
  let payload: string | undefined;
  let contentType = 'application/json';
  const headers: Record<string, string> = {};
  let auth: FuzzCase['auth'] = 'user';
  let foreign = false;
  let pathSuffix = '';

  const slots = slotsOf(route);
  const setSlot = (slot: Slot, value: unknown, urlValue: string) => {
    if (slot.where === 'param') params[slot.name] = urlValue;
    else if (slot.where === 'query') {
      const at = query.findIndex((q) => q.startsWith(`${slot.name}=`));
      if (at >= 0) query.splice(at, 1);
      query.push(`${slot.name}=${urlValue}`);
    } else {
      body = { ...(body && typeof body === 'object' ? body : {}), [slot.name]: value };
    }
  };

  switch (kind) {
    case 'valid':
      break;
    case 'wrong-type':
    case 'bounds':
    case 'nul':
    case 'lone-surrogate':
    case 'huge-string':
    case 'huge-array':
    case 'deep-nesting': {
      if (slots.length === 0) {
        // A route without fields still gets a hostile body: the whole body is the value.
        body = hostileFor(kind, route.body ?? {}, rng);
        break;
      }
      // Mostly one field; sometimes every field at once.
      const targets = rng() < 0.8 ? [pick(rng, slots)] : slots;
      for (const slot of targets)
        setSlot(slot, hostileFor(kind, slot.schema, rng), hostileUrlValue(kind, slot.schema, rng));
      break;
    }
    case 'prototype-keys': {
      if (route.body && rng() < 0.7) {
        const proto = pick(rng, PROTO_BODIES);
        const base =
          body && typeof body === 'object' && !Array.isArray(body) ? toJson(body).slice(1, -1) : '';
        payload = `{${base}${base ? ',' : ''}${proto.slice(1, -1)}}`;
      } else query.push(pick(rng, PROTO_QUERY));
      break;
    }
    case 'content-type':
      contentType = pick(rng, CONTENT_TYPES);
      payload =
        contentType === 'application/x-www-form-urlencoded'
          ? 'symbol=RELIANCE&quantity=1&__proto__=x'
          : toJson(body ?? {});
      if (rng() < 0.15) contentType = '';
      break;
    case 'malformed-json':
      payload = pick(rng, MALFORMED_JSON);
      break;
    case 'bad-path':
      if (route.params.length) {
        const p = pick(rng, route.params);
        params[p.name] = rng() < 0.1 ? 'x'.repeat(5000) : pick(rng, BAD_PATH);
      } else
        pathSuffix = pick(rng, [
          '/extra',
          '%00',
          '/..',
          '/%ED%A0%80',
          '//',
          '/../health',
          `/${'x'.repeat(3000)}`,
        ]);
      break;
    case 'unknown-query': {
      query.push(
        pick(rng, [
          'zzz=1',
          'limit=1&limit=2',
          'page=1&page=1&page=1',
          'a[b]=1',
          'x=%00',
          '=',
          '&&&',
          'sort[]=x',
        ]),
      );
      if (route.query.length && rng() < 0.5) {
        const q = pick(rng, route.query);
        query.push(`${q.name}=1&${q.name}=2`);
      }
      break;
    }
    case 'unauthenticated':
      auth = 'none';
      headers.authorization = pick(rng, [
        '',
        'Bearer',
        'Bearer ',
        'Bearer x',
        `Bearer ${'a'.repeat(64)}`,
        'Basic dXNlcjpwYXNz',
        'bearer',
        `Bearer ${'A'.repeat(5000)}`,
        'Bearer a.b.c',
        'Token abc',
      ]);
      if (headers.authorization === '') delete headers.authorization;
      break;
    case 'foreign-id': {
      const targets = foreignTargets(route, world);
      if (targets.length === 0) break;
      const name = pick(rng, targets);
      const id = pick(rng, world.foreign[idKindFor(route.path, name)!]!);
      foreign = true;
      const slot = slots.find((s) => s.name === name)!;
      setSlot(slot, id, id);
      break;
    }
  }

  let url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? 'x') + pathSuffix;
  if (query.length) url += `?${query.join('&')}`;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  if (payload === undefined && hasBody && body !== undefined) payload = toJson(body);
  if (payload !== undefined && contentType) headers['content-type'] = contentType;
  return {
    route: `${route.method} ${route.path}`,
    kind,
    method: route.method,
    url,
    headers,
    payload,
    auth,
    foreign,
  };
}
