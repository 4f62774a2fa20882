/**
 * Zod schemas built on first use, in the Lambda bundles only: cdk/constructs/lazy-schemas.ts rewrites
 * every top-level constant whose type is a zod schema (`export const X = z.object(...)`) into
 * `lazySchema(() => z.object(...))`. The shared schema modules build a few hundred schemas and a route
 * parses a handful; zod 4 builds each at import (tens of µs apiece), so an area function built all
 * those of every route it serves at each cold start. Locally, in tests and in the web app the modules
 * run as written.
 *
 * The constant becomes a proxy that builds the schema at its first use (any property read: `parse`,
 * `shape`, `_zod`...) and forwards everything to it from then on. What it cannot make identical:
 * - identity: the proxy is not the built object (`X !== z.optional(X).def.innerType`); nothing here compares
 *   schemas by identity or looks them up in a zod registry at run time (the OpenAPI document is built at
 *   bundle time, cdk/constructs/prebuilt-openapi.ts);
 * - a building error surfaces at first use instead of at import (and is thrown again at the next use).
 * Inside a lazy constant's own definition the rewrite calls `forceSchema` on every other lazy constant it
 * names, so a built schema holds built schemas and parsing never goes through a proxy below the top.
 */
const builders = new WeakMap<object, () => object>();

const handler: ProxyHandler<object> = {
  get: (target, key) => Reflect.get(built(target), key),
  set: (target, key, value) => Reflect.set(built(target), key, value),
  has: (target, key) => Reflect.has(built(target), key),
  ownKeys: (target) => Reflect.ownKeys(built(target)),
  // The proxy's own target is an empty object: a property it does not hold may not be reported as
  // non-configurable (a Proxy invariant), so every descriptor reads as configurable.
  getOwnPropertyDescriptor: (target, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(built(target), key);
    return descriptor && { ...descriptor, configurable: true };
  },
  defineProperty: (target, key, descriptor) => Reflect.defineProperty(built(target), key, descriptor),
  deleteProperty: (target, key) => Reflect.deleteProperty(built(target), key),
  getPrototypeOf: (target) => Reflect.getPrototypeOf(built(target)),
};

function built(target: object): object {
  const build = builders.get(target);
  if (!build) throw new Error('Not a lazy schema');
  return build();
}

/** A stand-in for the schema (or record of schemas) `build` returns, built once, at its first use. */
export function lazySchema<T extends object>(build: () => T): T {
  let value: T | undefined;
  const once = (): T => {
    value ??= build();
    return value;
  };
  const target = {};
  builders.set(target, once);
  const proxy = new Proxy(target, handler) as T;
  builders.set(proxy, once);
  return proxy;
}

/** The built schema behind a lazy constant (building it now); any other value as it is. */
export function forceSchema<T>(value: T): T {
  const build = typeof value === 'object' && value !== null ? builders.get(value) : undefined;
  return build ? (build() as T) : value;
}
