import type { z } from 'zod';

/**
 * A schema built the first time it is used, not when its module loads.
 *
 * The web app's first page evaluates every schema module its shell imports: about 600 zod
 * constructions, a third of the first long task on /dashboard, for request bodies, events and
 * screens that page never parses. Wrapped in `lazySchema`, a schema costs one Proxy until
 * something reads it (a parse, `.extend`, `.shape`, `instanceof`, a JSON Schema walk); then it is
 * built once and every read goes to that one instance. Composition stays lazy: `z.object({ a })`
 * and `z.array(a)` keep the reference without reading it, so a schema built from others builds
 * them only when it is itself first used.
 *
 * Identity: each export is one stable Proxy, so a registry, a WeakMap or `===` sees the same
 * object wherever it is imported. zod's own methods close over the instance behind it, which is
 * why a wrapper (optional, nullable, default, a transform's pipe…) may not stand behind one: its
 * JSON Schema step looks itself up by that instance in a map keyed by what the walk met, the
 * Proxy, and fails (fastify's route schemas and the agent's MCP tool list both walk them). Such a
 * schema is refused by type and, when its type is too wide to tell, when it is built; wrap
 * what it wraps instead.
 */
const WRAPPERS = [
  'optional',
  'nullable',
  'nonoptional',
  'default',
  'prefault',
  'catch',
  'pipe',
  'readonly',
  'promise',
  'lazy',
] as const;
type Wrapper = { _zod: { def: { type: (typeof WRAPPERS)[number] } } };

/* @__NO_SIDE_EFFECTS__ */
export function lazySchema<T extends z.ZodType>(build: () => T extends Wrapper ? never : T): T {
  let schema: T | undefined;
  const built = (): T => {
    if (schema) return schema;
    const made = build() as T;
    const type = made._zod.def.type;
    if ((WRAPPERS as readonly string[]).includes(type))
      throw new Error(
        `lazySchema cannot stand for a schema of type ${type}: wrap the schema inside it instead`,
      );
    return (schema = made);
  };
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key),
    has: (_target, key) => Reflect.has(built(), key),
    set: (_target, key, value) => Reflect.set(built(), key, value),
    ownKeys: () => Reflect.ownKeys(built()),
    // zod defines `_zod` as non-configurable; a Proxy may not report a non-configurable property
    // that its (empty) target lacks, so the copy says configurable.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(built(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
  });
}
