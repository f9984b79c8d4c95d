import { createContext, useContext, useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';
import { humanMessage } from './messages.ts';

export type Dictionary = Record<string, string>;

/**
 * `t(key, fallback)`: the current language's text for `key`, else the English fallback.
 * `t.count(n, key, one, other)`: a counted phrase ("{count} properties") in the language's plural
 * form for `n` — the dictionary holds `key_one` and `key_other`, and may add the language's other
 * forms (`key_zero`, `key_two`, `key_few`, `key_many`: Arabic has all of them).
 */
export type Translate = ((key: string, fallback: string) => string) & {
  lang: string;
  count: (n: number, key: string, one: string, other: string) => string;
};

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, lang: string, make: (lang: string) => T): T {
  let value = cache.get(lang);
  if (!value) {
    try {
      value = make(lang);
    } catch {
      value = make('en');
    }
    cache.set(lang, value);
  }
  return value;
}

export function makeT(dictionary: Dictionary | undefined, lang = 'en'): Translate {
  const lookup = (key: string): string | undefined => {
    const text = dictionary?.[key];
    return typeof text === 'string' && text.trim() !== '' ? text : undefined;
  };
  const t = ((key: string, fallback: string) => lookup(key) ?? fallback) as Translate;
  t.lang = lang;
  t.count = (n, key, one, other) => {
    const category = cached(pluralRules, lang, (l) => new Intl.PluralRules(l)).select(n);
    const text =
      lookup(`${key}_${category}`) ??
      (category === 'one' ? (lookup(`${key}_one`) ?? one) : (lookup(`${key}_other`) ?? other));
    return text.replaceAll('{count}', cached(numberFormats, lang, (l) => new Intl.NumberFormat(l, { numberingSystem: 'latn' })).format(n));
  };
  return t;
}

/**
 * Spec §8's messages are made in English where a call fails (lib/client.ts, outside React); they
 * are put in the page's language where they are shown, like the API's and the contract's
 * messages (lib/messages.ts).
 */
const CATALOGUE: readonly (readonly [key: string, english: string])[] = [
  ['errorUnauthorized', 'Authentication failed. Please login to continue.'], // t
  ['errorBadRequest', 'Invalid request. Please check your information and try again.'], // t
  ['errorForbidden', "Access denied. You don't have permission to perform this action."], // t
  ['errorNotFound', 'The requested resource was not found.'], // t
  ['errorServer', 'Server error. Please try again later.'], // t
  ['errorNetwork', 'Network error. Please check your internet connection.'], // t
  ['errorFallback', 'An error occurred'], // t
];

/** A message made in English (spec §8's, the API's, the contract's) in the page's language and a person's words. */
export function localizeMessage(message: string, t: Translate): string {
  const known = CATALOGUE.find(([, english]) => english === message);
  return known ? t(known[0], known[1]) : humanMessage(message, t);
}

/** What the root loader answers for every page: site settings and the language (undefined if it failed). */
export function useSite() {
  return useRouteLoaderData<typeof rootLoader>('root');
}

export type SiteData = NonNullable<ReturnType<typeof useSite>>;

/**
 * The admin console's texts (keys starting with `admin`) are left out of every page's dictionary,
 * which each visitor's page carries in its HTML; the console loads them when it opens and hands
 * them down through this context.
 */
export const CONSOLE_TEXT_PREFIX = 'admin';
export const isConsoleText = (key: string) => key.startsWith(CONSOLE_TEXT_PREFIX);
export const ConsoleTexts = createContext<Dictionary | null>(null);

/** A page's dictionary: the language's texts without the console's. */
export function visitorTexts(dictionary: Dictionary): Dictionary {
  const kept: Dictionary = {};
  for (const key in dictionary) if (!isConsoleText(key)) kept[key] = dictionary[key];
  return kept;
}

/**
 * Where a page finds its language's texts (issue 12). They are the same on every page, so they
 * travel once, as their own script the browser keeps (`/texts/<lang>.<version>.js`, a hash of
 * the texts in its name), and not in every page's HTML: the root loader answers only this
 * reference. On the server the loader keeps the texts for the render; in the browser the script
 * (or, for a language first met on a client navigation, its `.json`) leaves them on `window`.
 */
export interface TextsRef {
  lang: string;
  version: string;
}

type TextsWindow = { __estateTexts?: Record<string, Dictionary> };
const keyOf = (ref: TextsRef) => `${ref.lang}.${ref.version}`;
/** The server's texts by reference: a few languages, a version each until an admin edits one. */
const kept = new Map<string, Dictionary>();
const KEPT_VERSIONS = 32;
const refs = new WeakMap<Dictionary, TextsRef>();

/** A content hash for the texts' URL: two 32-bit FNV-1a passes (different bases), base 36. */
export function textsVersion(dictionary: Dictionary): string {
  const text = JSON.stringify(dictionary);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0).toString(36) + (b >>> 0).toString(36);
}

/** The reference a page's root answers for these texts, keeping them for this process's renders. */
export function keepTexts(lang: string, source: Dictionary): TextsRef {
  const known = refs.get(source);
  if (known?.lang === lang && kept.has(keyOf(known))) return known;
  const dictionary = visitorTexts(source);
  const ref = { lang, version: textsVersion(dictionary) };
  kept.delete(keyOf(ref));
  kept.set(keyOf(ref), dictionary);
  if (kept.size > KEPT_VERSIONS) kept.delete(kept.keys().next().value!);
  refs.set(source, ref);
  return ref;
}

/** The texts a reference names, where this side of the page has them. */
export function textsOf(ref: TextsRef | undefined): Dictionary | undefined {
  if (!ref) return undefined;
  return kept.get(keyOf(ref)) ?? (typeof window === 'undefined' ? undefined : (window as TextsWindow).__estateTexts?.[keyOf(ref)]);
}

export function textsUrl(ref: TextsRef, kind: 'js' | 'json' = 'js'): string {
  return `/texts/${encodeURIComponent(ref.lang)}.${ref.version}.${kind}`;
}

/** The script the texts' route answers: it leaves them where `textsOf` looks in the browser. */
export function textsScript(ref: TextsRef, dictionary: Dictionary): string {
  // `<` escaped, so the text can never close a script element wherever it is inlined.
  const json = JSON.stringify(dictionary).replace(/</g, '\\u003c');
  return `(window.__estateTexts=window.__estateTexts||{})[${JSON.stringify(keyOf(ref))}]=${json};`;
}

/**
 * In the browser, before hydrating or showing a page in another language: the texts are there
 * once the page's deferred script has run (before DOMContentLoaded); failing that, or on a client
 * navigation into a language not met yet, they are fetched.
 */
export async function loadTexts(ref: TextsRef | undefined): Promise<void> {
  if (!ref || textsOf(ref)) return;
  // Deferred scripts run after parsing and before DOMContentLoaded; an async module may run between the two.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (document.readyState !== 'complete' && !(navigation && navigation.domContentLoadedEventStart > 0)) {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
    if (textsOf(ref)) return;
  }
  try {
    const res = await fetch(textsUrl(ref, 'json'));
    if (!res.ok) return;
    const w = window as TextsWindow;
    (w.__estateTexts ??= {})[keyOf(ref)] = (await res.json()) as Dictionary;
  } catch {
    // Offline: the page shows its English fallbacks rather than nothing.
  }
}

export function useT(): Translate {
  const site = useSite();
  const consoleTexts = useContext(ConsoleTexts);
  const dictionary = textsOf(site?.texts);
  return useMemo(() => makeT(consoleTexts ? { ...dictionary, ...consoleTexts } : dictionary, site?.lang), [dictionary, site?.lang, consoleTexts]);
}
