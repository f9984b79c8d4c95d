/**
 * A loader's answer made once for the same inputs, as the same object (issue 12).
 *
 * The API answers a page's loaders call are kept while they are fresh (the hosting server's
 * answer memo: the same object for every page that asks within their lifetime). A loader that
 * makes its answer from them afresh makes an equal object every render, and React Router then
 * encodes it for the browser afresh every render. Made through `sameFor`, the answer is the
 * object made the first time for the same inputs, so the page's hand-over of its data is read
 * once and then kept with that object (handOverData, lib/render-whole.ts): on the home page, the
 * encoding was about 15 % of the server's main thread.
 *
 * Inputs are compared as `===`: objects (answers) are held weakly, so what was made for them goes
 * when they go; other values (a language, an origin) are held in maps of at most
 * `MAX_PRIMITIVES` each, forgotten when full, so that values a visitor makes up (an odd host, a
 * made-up query) cannot grow them without bound. `make` must not depend on anything but the
 * inputs, and what it answers must never be changed afterwards (loader data is read-only to the
 * page).
 */
const MAX_PRIMITIVES = 256;

interface Node {
  objects?: WeakMap<object, Node>;
  primitives?: Map<unknown, Node>;
  made?: { value: unknown };
}

/** One loader's memo: `(inputs, make)` answers what `make` made for the same inputs, making it the first time. */
export function sameFor(): <T>(inputs: readonly unknown[], make: () => T) => T {
  const root: Node = {};
  return <T>(inputs: readonly unknown[], make: () => T): T => {
    let node = root;
    for (const input of inputs) {
      let next: Node | undefined;
      if ((typeof input === 'object' && input !== null) || typeof input === 'function') {
        node.objects ??= new WeakMap();
        next = node.objects.get(input);
        if (next === undefined) node.objects.set(input, (next = {}));
      } else {
        node.primitives ??= new Map();
        next = node.primitives.get(input);
        if (next === undefined) {
          if (node.primitives.size >= MAX_PRIMITIVES) node.primitives.clear();
          node.primitives.set(input, (next = {}));
        }
      }
      node = next;
    }
    node.made ??= { value: make() };
    return node.made.value as T;
  };
}
