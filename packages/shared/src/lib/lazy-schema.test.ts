import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType, $ZodRegistry, toJSONSchema } from 'zod/v4/core';
import { lazySchema } from './lazy-schema.js';
import { serverEvents } from '../realtime/events.js';
import { orderUpdateEventSchema } from '../trading/order.schema.js';

function counted<T extends z.ZodType>(build: () => T) {
  const state = { builds: 0 };
  const schema = lazySchema((): z.ZodType => {
    state.builds += 1;
    return build();
  }) as T;
  return { schema, state };
}

describe('lazySchema', () => {
  it('builds nothing until first used, then builds once', () => {
    const { schema, state } = counted(() => z.object({ symbol: z.string().min(1) }));
    expect(state.builds).toBe(0);
    expect(schema.parse({ symbol: 'TCS' })).toEqual({ symbol: 'TCS' });
    expect(schema.safeParse({ symbol: '' }).success).toBe(false);
    expect(state.builds).toBe(1);
  });

  it('keeps composition lazy: a parent built from it builds it only when the parent is used', () => {
    const inner = counted(() => z.object({ paise: z.number().int() }));
    const outer = counted(() => z.object({ price: inner.schema, history: z.array(inner.schema) }));
    expect([inner.state.builds, outer.state.builds]).toEqual([0, 0]);

    expect(outer.schema.parse({ price: { paise: 12_345 }, history: [] })).toEqual({
      price: { paise: 12_345 },
      history: [],
    });
    expect(outer.schema.safeParse({ price: { paise: 1.5 }, history: [] }).success).toBe(false);
    expect([inner.state.builds, outer.state.builds]).toEqual([1, 1]);
  });

  it('behaves as the schema it stands for: methods, shape, instanceof and JSON Schema', () => {
    const base = lazySchema(() => z.object({ side: z.enum(['BUY', 'SELL']), quantity: z.number().int() }));
    const extended = base.extend({ note: z.string().optional() });
    expect(extended.parse({ side: 'BUY', quantity: 2 })).toEqual({ side: 'BUY', quantity: 2 });
    expect(Object.keys(base.shape)).toEqual(['side', 'quantity']);
    expect(base.pick({ side: true }).parse({ side: 'SELL', quantity: 9 })).toEqual({ side: 'SELL' });
    expect(base instanceof $ZodType).toBe(true);
    expect(base instanceof z.ZodObject).toBe(true);
    expect('_zod' in base).toBe(true);
    expect(toJSONSchema(base)).toMatchObject({
      type: 'object',
      properties: { side: { enum: ['BUY', 'SELL'] }, quantity: { type: 'integer' } },
      required: ['side', 'quantity'],
    });
  });

  it('refuses to stand for a wrapper, whose JSON Schema step needs its own identity', () => {
    // Typed wide, as a recursive schema's annotation is: the type check cannot tell, the build does.
    const wide = lazySchema((): z.ZodType => z.string().optional());
    expect(() => wide.parse('x')).toThrow('lazySchema cannot stand for a schema of type optional');
    // The way to write it: the wrapper outside, around a lazy schema.
    const name = lazySchema(() => z.string().min(1));
    const form = lazySchema(() => z.object({ name: name.optional(), kind: z.enum(['a', 'b']).default('a') }));
    expect(form.parse({})).toEqual({ kind: 'a' });
    expect(toJSONSchema(form, { io: 'input' })).toMatchObject({
      properties: { name: { type: 'string', minLength: 1 }, kind: { default: 'a' } },
    });
  });

  it('lets a wrapper built at once keep its inner schema lazy (z.optional, z.nullable, z.pipe)', () => {
    const inner = counted(() => z.string().trim().min(1));
    const optional = z.optional(z.nullable(inner.schema));
    const lower = z.pipe(
      inner.schema,
      z.transform((v: string) => v.toLowerCase()),
    );
    expect(inner.state.builds).toBe(0);
    expect(optional.parse(undefined)).toBeUndefined();
    expect(lower.parse('  ABC ')).toBe('abc');
    expect(lower.safeParse('   ').success).toBe(false);
    expect(toJSONSchema(z.object({ o: optional }), { io: 'input' })).toMatchObject({
      properties: { o: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] } },
    });
    expect(inner.state.builds).toBe(1);
  });

  it('is one object wherever it is used, so a registry keyed by it finds it', () => {
    const schema = lazySchema(() => z.object({ id: z.string() }));
    const registry = new $ZodRegistry<{ id: string }>();
    registry.add(schema, { id: 'Thing' });
    expect(registry.get(schema)).toEqual({ id: 'Thing' });
    expect(Object.keys(toJSONSchema(registry).schemas)).toEqual(['Thing']);
  });

  it('supports a schema that refers to itself', () => {
    type Node = { name: string; children: Node[] };
    const node: z.ZodType<Node> = lazySchema(() =>
      z.object({
        name: z.string(),
        get children() {
          return z.array(node);
        },
      }),
    );
    expect(node.parse({ name: 'a', children: [{ name: 'b', children: [] }] })).toEqual({
      name: 'a',
      children: [{ name: 'b', children: [] }],
    });
  });

  it('stands for the shared schemas: an event map entry is the exported schema itself', () => {
    expect(serverEvents['order-update']).toBe(orderUpdateEventSchema);
    expect(serverEvents['notifications-read-all'].safeParse({ count: -1, readAt: 'x' }).success).toBe(false);
  });
});
