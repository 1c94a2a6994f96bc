import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '@nivesh/shared';
import { SessionsService } from '../../src/modules/auth/sessions.service.js';
import { describeEachDb, signUp, type TestContext } from '../support/test-app.js';

/**
 * Every route the app registers, read from its own OpenAPI document (so a new route is covered
 * without touching this file), is fed strings with NUL and lone surrogates and numbers at ±1e308
 * in every field of its body, query and path; none may answer 5xx.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  additionalProperties?: JsonSchema | boolean;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  'end\uD83D',
  '\u0000\uDC00',
  '1e308',
  '-1e308',
];
const NASTY_NUMBERS = [1e308, -1e308, 1e17, -1, 0, 0.5];
// What a URL can carry: a NUL byte and the UTF-8-ish bytes of a lone surrogate, which cannot decode.
const NASTY_URL_TEXT = ['%00', 'a%00b', '%ED%A0%80', '%ED%BF%BF', '1e308', '-1e308', '%F0%9F'];

function plausibleText(name: string, schema: JsonSchema): string[] {
  if (schema.format === 'uuid') return [randomUUID()];
  if (/email/i.test(name)) return ['probe@example.com'];
  if (/symbol/i.test(name)) return ['RELIANCE', 'TCS'];
  if (schema.format === 'date-time' || /^(from|to)$/.test(name))
    return ['2024-01-01T00:00:00Z', '0000-01-01T00:00:00Z'];
  return ['Probe text 1', 'LIMIT'];
}

/** Arbitrary values for a schema: mostly nasty, sometimes plausible so other fields get reached. */
function valueFor(schema: JsonSchema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constantFrom<unknown>(...NASTY_TEXT, ...NASTY_NUMBERS);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueFor(v, name, depth + 1)));
  const nasty = fc.constantFrom<unknown>(...NASTY_TEXT, ...NASTY_NUMBERS);
  if (schema.enum?.length) return fc.oneof(fc.constantFrom(...schema.enum), nasty);
  if (schema.const !== undefined) return fc.oneof(fc.constant(schema.const), nasty);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom<unknown>(...NASTY_TEXT) },
        fc.constantFrom<unknown>(...plausibleText(name, schema)),
        fc.constantFrom<unknown>(...NASTY_NUMBERS),
      );
    case 'number':
    case 'integer':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS) },
        fc.constantFrom<unknown>(1, 10, 2500),
        fc.constantFrom<unknown>(...NASTY_TEXT),
      );
    case 'boolean':
      return fc.oneof(fc.boolean(), nasty);
    case 'array':
      return fc.oneof(fc.array(valueFor(schema.items, name, depth + 1), { maxLength: 3 }), nasty);
    case 'object': {
      const props = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(props)) record[key] = valueFor(child, key, depth + 1);
      if (Object.keys(record).length === 0) {
        return fc.dictionary(
          fc.constantFrom('k', 'a\u0000', '\uD800'),
          fc.constantFrom<unknown>(...NASTY_TEXT, ...NASTY_NUMBERS),
          { maxKeys: 3 },
        );
      }
      return fc.record(record, { requiredKeys: [] });
    }
    default:
      return nasty;
  }
}

function urlValueFor(schema: JsonSchema | undefined, name: string): fc.Arbitrary<string> {
  const plain = schema?.enum?.length ? schema.enum.map(String) : plausibleText(name, schema ?? {});
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_URL_TEXT) },
    fc.constantFrom(...plain.map((v) => encodeURIComponent(v))),
  );
}

interface RouteCase {
  method: string;
  path: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
}

function routesFromOpenApi(doc: { paths: Record<string, Record<string, Operation>> }): RouteCase[] {
  const cases: RouteCase[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = op.parameters ?? [];
      cases.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path'),
        query: parameters.filter((p) => p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return cases;
}

const RUNS_PER_ROUTE = 12;

describeEachDb('malformed input on every route', (ctx) => {
  it(
    'answers 4xx (never 5xx) to NUL, lone surrogates and ±1e308 anywhere',
    { timeout: 180_000 },
    async () => {
      const c: TestContext = ctx();
      const user = await signUp(c);
      // Fresh sessions without hashing a password: some routes (logout, refresh, reset) end theirs.
      const sessions = new SessionsService(c.database.db, { disconnectSessions: () => undefined });
      const routes = routesFromOpenApi(
        c.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> },
      );
      expect(routes.length).toBeGreaterThan(40);
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      let refusedText = 0;
      for (const route of routes) {
        const { token } = await sessions.create(user.user.id, false, {
          ip: '127.0.0.1',
          userAgent: 'property-test',
        });
        const params = fc.record(
          Object.fromEntries(route.params.map((p) => [p.name, urlValueFor(p.schema, p.name)])),
        );
        const query = fc.record(
          Object.fromEntries(route.query.map((p) => [p.name, urlValueFor(p.schema, p.name)])),
          { requiredKeys: [] },
        );
        const body = route.body ? valueFor(route.body, 'body') : fc.constant(undefined);
        await fc
          .assert(
            fc.asyncProperty(params, query, body, async (p, q, b) => {
              let url = route.path.replace(
                /\{(\w+)\}/g,
                (_, name: string) => (p as Record<string, string>)[name] ?? 'x',
              );
              const qs = Object.entries(q as Record<string, string>).map(([k, v]) => `${k}=${v}`);
              if (qs.length) url += `?${qs.join('&')}`;
              const res = await c.request({
                method: route.method as 'GET',
                url,
                token,
                ...(b !== undefined
                  ? { payload: JSON.stringify(b), headers: { 'content-type': 'application/json' } }
                  : {}),
              });
              statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
              if (res.body.includes(UNSAFE_TEXT_MESSAGE)) refusedText += 1;
              if (res.statusCode >= 500) {
                failures.push(
                  `${route.method} ${url} ${JSON.stringify(b)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`,
                );
                return false;
              }
              return true;
            }),
            { numRuns: RUNS_PER_ROUTE, seed: 20_261_123, endOnFailure: true },
          )
          .catch((error: unknown) => {
            // A 5xx is already listed; anything else (a throw inside the property) is a failure too.
            if (!failures.some((f) => f.startsWith(`${route.method} `)))
              failures.push(`${route.method} ${route.path}: ${String(error).slice(0, 300)}`);
          });
      }
      expect(failures).toEqual([]);
      // The probe did reach the schemas: NUL and surrogates were refused by name, and valid enough
      // requests got through to the handlers too.
      expect(refusedText).toBeGreaterThan(50);
      expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0)).toBeGreaterThan(10);
    },
  );
});
