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

export function useT(): Translate {
  const site = useSite();
  const consoleTexts = useContext(ConsoleTexts);
  return useMemo(() => makeT(consoleTexts ? { ...site?.dictionary, ...consoleTexts } : site?.dictionary, site?.lang), [site?.dictionary, site?.lang, consoleTexts]);
}
