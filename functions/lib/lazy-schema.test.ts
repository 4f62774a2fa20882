import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { forceSchema, lazySchema } from './lazy-schema';

/** A lazy stand-in and a counter of how often its schema was built. */
function counted<T extends object>(build: () => T): { schema: T; builds: () => number } {
  let builds = 0;
  const schema = lazySchema(() => {
    builds++;
    return build();
  });
  return { schema, builds: () => builds };
}

const eagerUser = z.object({ id: z.string().check(z.minLength(1)), age: z.optional(z.int()) });

describe('a lazy schema', () => {
  it('is built at its first use, once', () => {
    const { schema, builds } = counted(() => z.object({ id: z.string().check(z.minLength(1)) }));
    expect(builds()).toBe(0);
    expect(schema.parse({ id: 'a' })).toEqual({ id: 'a' });
    expect(schema.safeParse({ id: 'b' }).success).toBe(true);
    expect(builds()).toBe(1);
  });

  it('parses, fails and reports exactly as the schema it stands for', () => {
    const lazy = lazySchema(() =>
      z.object({ id: z.string().check(z.minLength(1)), age: z.optional(z.int()) }),
    );
    for (const input of [{ id: 'x', age: 3 }, { id: '' }, { id: 'x', age: 1.5 }, null, { age: 'old' }]) {
      expect(lazy.safeParse(input)).toEqual(eagerUser.safeParse(input));
    }
  });

  it('keeps the zod API: derived schemas, shape, options, instanceof, checks, metadata', () => {
    // Registered, not `.check(z.describe(...))`: a check on an object schema forbids `z.pick`.
    const lazy = lazySchema(() =>
      z
        .object({ id: z.string(), kind: z.enum(['a', 'b']) })
        .register(z.globalRegistry, { description: 'A thing' }),
    );
    const withName = z.extend(lazy, { name: z.string() });
    expect(withName.parse({ id: '1', kind: 'a', name: 'n' })).toEqual({ id: '1', kind: 'a', name: 'n' });
    expect(z.pick(lazy, { id: true }).parse({ id: '1', kind: 'x' })).toEqual({ id: '1' });
    expect(Object.keys(lazy.shape)).toEqual(['id', 'kind']);
    expect(lazy.shape.kind.options).toEqual(['a', 'b']);
    expect(z.optional(lazy).parse(undefined)).toBeUndefined();
    expect(lazy instanceof z.ZodMiniObject).toBe(true);
    const refined = lazy.check(z.refine((v) => v.id !== 'x', 'not x'));
    expect(refined.safeParse({ id: 'x', kind: 'a' }).error?.issues[0]?.message).toBe('not x');
    // Metadata lives in the registry, keyed by the built schema: the stand-in is not that object.
    expect(z.globalRegistry.get(forceSchema(lazy))?.description).toBe('A thing');
    const { parse } = lazy;
    expect(parse({ id: '1', kind: 'b' })).toEqual({ id: '1', kind: 'b' });
  });

  it('works inside other schemas, as a member and as a discriminated union option', () => {
    const a = lazySchema(() => z.object({ type: z.literal('a'), n: z.number() }));
    const b = lazySchema(() => z.object({ type: z.literal('b'), s: z.string() }));
    const union = z.discriminatedUnion('type', [a, b]);
    expect(union.parse({ type: 'b', s: 'x' })).toEqual({ type: 'b', s: 'x' });
    expect(union.safeParse({ type: 'c' }).success).toBe(false);
    expect(z.object({ inner: a }).parse({ inner: { type: 'a', n: 1 } })).toEqual({
      inner: { type: 'a', n: 1 },
    });
  });

  it('stands for a shape too: spread into an object schema', () => {
    const { schema: shape, builds } = counted(() => ({ id: z.string(), size: z._default(z.number(), 1) }));
    expect(builds()).toBe(0);
    const sized = z.object({ ...shape, name: z.string() });
    expect(sized.parse({ id: 'i', name: 'n' })).toEqual({ id: 'i', size: 1, name: 'n' });
    expect(builds()).toBe(1);
  });

  it('is built again at the next use when building threw', () => {
    let attempts = 0;
    const lazy = lazySchema(() => {
      attempts++;
      if (attempts === 1) throw new Error('not yet');
      return z.string();
    });
    expect(() => lazy.parse('x')).toThrow('not yet');
    expect(lazy.parse('x')).toBe('x');
    expect(attempts).toBe(2);
  });
});

describe('forceSchema', () => {
  it('returns the built schema behind a lazy one, and anything else unchanged', () => {
    const { schema, builds } = counted(() => z.string());
    const built = forceSchema(schema);
    expect(builds()).toBe(1);
    expect(built).not.toBe(schema);
    expect(forceSchema(schema)).toBe(built);
    expect(built.parse('x')).toBe('x');
    const plain = z.number();
    expect(forceSchema(plain)).toBe(plain);
    expect(forceSchema(42)).toBe(42);
    expect(forceSchema(null)).toBeNull();
  });
});
