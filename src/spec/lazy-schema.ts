import { z } from 'zod';

/**
 * Schemas built on first use (issue 14: no work at start that a request does not need). Every
 * module of src/spec and src/ipc used to build all its schemas as it loaded, so `swap-explorer
 * price` built every endpoint's and channel's schema to send one request.
 *
 * `lazySchema(build)` answers a stand-in typed as the schema `build` returns. The first operation
 * on it (a property read, `in`, `instanceof`, listing its keys) builds the schema, once; every
 * operation is then forwarded to it. Methods run with the stand-in as `this`, so what they derive
 * (`.nullable()`, `.extend()`, a clone's parent, a registry entry) refers to the stand-in, exactly
 * as it would refer to a schema built eagerly; nesting a stand-in in another schema does not build it.
 *
 * What is wrapped: every object, array, union or record schema at a module's top level, and what is
 * derived from one (`.extend()`, `.nullable()`), in src/spec and src/ipc, and the run stores' file
 * schemas in src/core/compare, which the CLI loads with every command. A scalar schema (a string,
 * number or enum with its checks, such as AddressSchema) is built as its module loads: it costs an
 * instance or two, and the schemas that nest it (the service's query parse among them) reach it
 * directly rather than through a stand-in.
 */

let builds = 0;

/** How many lazy schemas this process has built: for tests and start-up diagnostics. */
export function lazySchemasBuilt(): number {
  return builds;
}

/**
 * A schema built by `build` on its first use, typed as what `build` returns.
 * @example export const FeesSchema = lazySchema(() => z.looseObject({ gasFee: FeeEntrySchema.nullable() }));
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  // Until the build the target is an empty stand-in; then it takes the schema's prototype and own
  // properties (adopt), so that console.log shows the schema and the Proxy invariants hold for
  // `_zod` (a non-configurable property may be reported only if the target has it too).
  const target = {};
  let schema: T | undefined;
  let isBuilding = false;
  const built = (): T => {
    if (schema !== undefined) return schema;
    // A builder that reads its own schema would recurse until the stack overflows, and
    // boundedSafeParse reports a RangeError as a body too large to list: say what happened instead.
    if (isBuilding) throw new Error('lazySchema: the builder uses the schema it is building (a recursive schema needs a getter in its shape)');
    isBuilding = true;
    try {
      schema = build();
    } finally {
      isBuilding = false;
    }
    builds++;
    adopt(target, schema, handle);
    return schema;
  };
  const handle = new Proxy(target, forwardingTo(target, built)) as T;
  return handle;
}

function adopt(target: object, schema: z.ZodType, handle: z.ZodType): void {
  Object.defineProperties(target, Object.getOwnPropertyDescriptors(schema));
  Object.setPrototypeOf(target, Object.getPrototypeOf(schema));
  // Metadata the builder attached (`.meta()`, `.describe()`) is keyed by the built object, but
  // readers (`.meta()`, z.toJSONSchema) hold the stand-in: the entry moves to it.
  const meta = z.globalRegistry._map.get(schema);
  if (meta !== undefined) z.globalRegistry.remove(schema).add(handle, meta);
}

// Every operation goes to the built schema; `receiver` (the stand-in) stays `this` for getters and
// setters, as it does for methods.
function forwardingTo(target: object, built: () => object): ProxyHandler<object> {
  const keepInvariant = (key: PropertyKey, descriptor: PropertyDescriptor | undefined) => {
    if (descriptor && !descriptor.configurable) Object.defineProperty(target, key, descriptor);
  };
  return {
    get: (_, key, receiver) => Reflect.get(built(), key, receiver),
    set: (_, key, value, receiver) => Reflect.set(built(), key, value, receiver),
    has: (_, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key);
      keepInvariant(key, descriptor);
      return descriptor;
    },
    defineProperty: (_, key, descriptor) => {
      const isDefined = Reflect.defineProperty(built(), key, descriptor);
      keepInvariant(key, Reflect.getOwnPropertyDescriptor(built(), key));
      return isDefined;
    },
    deleteProperty: (_, key) => Reflect.deleteProperty(built(), key) && Reflect.deleteProperty(target, key),
  };
}
