/**
 * Form bodies name nested values with brackets, as the original clients send them:
 * `parameters[0][parameter_id]`, `facilities[1][distance]`, `gallery_images[]`, `plans[2][title]`.
 * `unflattenForm` turns such keys into nested objects and arrays (indices become array positions,
 * in index order, gaps closed); keys without brackets are kept as they are. JSON bodies arrive
 * nested already and pass through unchanged. `flattenForm` is the inverse the web app uses to build
 * a FormData, so both sides agree on one spelling.
 */

const MAX_DEPTH = 4;
const MAX_INDEX = 1000;

type Node = Record<string, unknown>;

function parseKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const parts = [match[1]];
  for (const m of match[2].matchAll(/\[([^[\]]*)\]/g)) parts.push(m[1]);
  return parts.length - 1 > MAX_DEPTH ? null : parts;
}

/** Objects whose keys are all whole numbers (or `[]` pushes) become arrays, in key order. */
function arrayify(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value) || Object.getPrototypeOf(value) !== null) {
    return Array.isArray(value) ? value.map(arrayify) : value;
  }
  const node = value as Node;
  const keys = Object.keys(node);
  const out: Node = {};
  for (const k of keys) out[k] = arrayify(node[k]);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k) && Number(k) <= MAX_INDEX)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => out[String(k)]);
  }
  return Object.assign({}, out);
}

export function unflattenForm(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const proto = Object.getPrototypeOf(input);
  if (proto !== Object.prototype && proto !== null) return input;
  const entries = Object.entries(input as Node);
  if (!entries.some(([key]) => key.includes('['))) return input;
  // Null-prototype nodes: a key such as `__proto__[x]` can never reach Object.prototype.
  const root: Node = Object.create(null);
  for (const [key, value] of entries) {
    const parts = parseKey(key);
    if (!parts) {
      root[key] = value;
      continue;
    }
    let node = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i];
      const next = node[part];
      if (!next || typeof next !== 'object' || Array.isArray(next) || Object.getPrototypeOf(next) !== null) {
        node[part] = Object.create(null);
      }
      node = node[part] as Node;
    }
    const last = parts[parts.length - 1];
    const values = Array.isArray(value) ? value : [value];
    if (last === '') {
      // `name[]`: every value is pushed, after any already there.
      let i = Object.keys(node).length;
      for (const v of values) node[String(i++)] = v;
    } else {
      node[last] = value;
    }
  }
  return arrayify(root);
}

/** Nested values as bracketed form keys, in the order `unflattenForm` reads them back. */
export function flattenForm(value: Record<string, unknown>, prefix = ''): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, v] of Object.entries(value)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        if (item !== null && typeof item === 'object' && !isFileLike(item)) out.push(...flattenForm(item as Record<string, unknown>, `${name}[${i}]`));
        else if (item !== undefined && item !== null) out.push([`${name}[${i}]`, item]);
      });
    } else if (typeof v === 'object' && !isFileLike(v)) {
      out.push(...flattenForm(v as Record<string, unknown>, name));
    } else {
      out.push([name, v]);
    }
  }
  return out;
}

function isFileLike(v: object): boolean {
  return typeof Blob !== 'undefined' && v instanceof Blob;
}
