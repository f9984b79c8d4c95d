import { z } from 'zod';

type Schema = z.core.$ZodType;

/**
 * The deep-strict twin of a zod 4 schema: every object in it, however deeply nested (arrays,
 * nullable, optional, unions, intersections, records, tuples, pipes, lazy…), refuses keys its
 * shape does not name. An object with a catchall (`.catchall(z.string())`, `z.looseObject`) allows
 * extra keys on purpose and keeps its catchall; its named fields are still made strict.
 * Refinements and checks are kept: each schema is cloned with only its children replaced.
 */
export function deepStrict<T extends z.ZodType>(schema: T): T {
  return strict(schema, new WeakMap()) as T;
}

function strict(schema: Schema, seen: WeakMap<Schema, Schema>): Schema {
  const done = seen.get(schema);
  if (done) return done;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const child = (s: unknown) => strict(s as Schema, seen);
  const twin = (changes: Record<string, unknown>): Schema => {
    const result = (schema as z.ZodType).clone({ ...def, ...changes } as never);
    seen.set(schema, result);
    return result;
  };
  switch (def.type) {
    case 'object': {
      const { shape, catchall } = def as unknown as z.core.$ZodObjectDef;
      const strictShape = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, child(value)]));
      return twin({ shape: strictShape, catchall: catchall ? child(catchall) : z.never() });
    }
    case 'array':
      return twin({ element: child(def.element) });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return twin({ innerType: child(def.innerType) });
    case 'union':
      return twin({ options: (def.options as Schema[]).map(child) });
    case 'intersection':
      return strictIntersection(schema, def as unknown as z.core.$ZodIntersectionDef, seen);
    case 'record':
    case 'map':
      return twin({ keyType: child(def.keyType), valueType: child(def.valueType) });
    case 'set':
      return twin({ valueType: child(def.valueType) });
    case 'tuple':
      return twin({ items: (def.items as Schema[]).map(child), rest: def.rest ? child(def.rest) : null });
    case 'pipe':
      return twin({ in: child(def.in), out: child(def.out) });
    case 'lazy': {
      const getter = def.getter as () => Schema;
      let inner: Schema | undefined;
      return twin({ getter: () => (inner ??= child(getter())) });
    }
    default:
      return schema;
  }
}

/**
 * Strict sides would refuse each other's keys, so each side stays open at its top level (its
 * nested objects are made strict) and the intersection as a whole refuses keys neither side names.
 */
function strictIntersection(schema: Schema, def: z.core.$ZodIntersectionDef, seen: WeakMap<Schema, Schema>): Schema {
  const sides = [def.left, def.right];
  const named = sides.map(topLevelKeys);
  if (named.some((keys) => keys === 'open')) {
    const result = (schema as z.ZodType).clone({ ...def, left: strict(def.left, seen), right: strict(def.right, seen) } as never);
    seen.set(schema, result);
    return result;
  }
  const known = new Set((named as string[][]).flat());
  const [left, right] = sides.map((side) => openTopLevel(strict(side, seen)));
  const result = (schema as z.ZodType).clone({ ...def, left, right } as never).superRefine((value, ctx) => {
    if (!value || typeof value !== 'object') return;
    const unknown = Object.keys(value).filter((key) => !known.has(key));
    if (unknown.length) ctx.addIssue({ code: 'unrecognized_keys', keys: unknown, input: value as Record<string, unknown> });
  });
  seen.set(schema, result);
  return result;
}

/** The keys an object-like side names, or 'open' when it allows any (a catchall, a record, …). */
function topLevelKeys(schema: Schema): string[] | 'open' {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'object') return (def as unknown as z.core.$ZodObjectDef).catchall ? 'open' : Object.keys((def as unknown as z.core.$ZodObjectDef).shape);
  if (def.type === 'intersection') {
    const [left, right] = [topLevelKeys(def.left as Schema), topLevelKeys(def.right as Schema)];
    return left === 'open' || right === 'open' ? 'open' : [...left, ...right];
  }
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) return topLevelKeys(def.innerType as Schema);
  if (def.type === 'pipe') return topLevelKeys(def.in as Schema);
  return 'open';
}

/**
 * A strict object made open again at its top level (for one side of an intersection): loose, not
 * stripping, so the intersection's check still sees the keys neither side names.
 */
function openTopLevel(schema: Schema): Schema {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.type === 'object') return (schema as z.ZodType).clone({ ...def, catchall: z.unknown() } as never);
  if (def.type === 'intersection') return (schema as z.ZodType).clone({ ...def, left: openTopLevel(def.left as Schema), right: openTopLevel(def.right as Schema) } as never);
  if (['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'].includes(def.type)) {
    return (schema as z.ZodType).clone({ ...def, innerType: openTopLevel(def.innerType as Schema) } as never);
  }
  if (def.type === 'pipe') return (schema as z.ZodType).clone({ ...def, in: openTopLevel(def.in as Schema) } as never);
  return schema;
}

/**
 * A zod error as one line per issue, `path: message`. A union that matched no alternative is
 * explained by its closest alternative (the one with the fewest issues), not by all of them.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], base: PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0];
      return describeIssues(closest, path);
    }
    return [`${path.length ? path.map(String).join('.') : '(root)'}: ${issue.message}`];
  });
}
