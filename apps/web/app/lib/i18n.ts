import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root.tsx';

export type Dictionary = Record<string, string>;
export type Translate = (key: string, fallback: string) => string;

/** `t(key, fallback)`: the current language's text for `key`, else the English fallback. */
export function makeT(dictionary: Dictionary | undefined): Translate {
  return (key, fallback) => {
    const text = dictionary?.[key];
    return typeof text === 'string' && text.trim() !== '' ? text : fallback;
  };
}

/** What the root loader answers for every page: site settings and the language (undefined if it failed). */
export function useSite() {
  return useRouteLoaderData<typeof rootLoader>('root');
}

export type SiteData = NonNullable<ReturnType<typeof useSite>>;

export function useT(): Translate {
  return makeT(useSite()?.dictionary);
}
