import type { Route } from './+types/texts';
import { api } from '../lib/api.ts';
import { keepTexts, textsOf, textsScript } from '../lib/i18n.ts';

const FILE = /^([a-z]{2,8}(?:-[A-Za-z0-9]{1,8})*)\.([a-z0-9]{1,16})\.(js|json)$/;

/**
 * `/texts/<lang>.<version>.js` (or `.json`): a language's visitor texts, which every page names
 * instead of carrying (lib/i18n.ts). The version is a hash of the texts, so the current one is
 * kept by browsers and shared caches for a year; an older version is answered with today's texts,
 * never to be kept under the old name.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const match = FILE.exec(params.file);
  if (!match) throw new Response('Not found', { status: 404 });
  const [, lang, version, kind] = match;
  const languages = (await api.webSettings({ request, context })).languages;
  if (!languages.some((l) => l.code === lang)) throw new Response('Not found', { status: 404 });
  const language = await api.language({ request, context }, lang).catch(() => null);
  if (!language) throw new Response('Server error', { status: 503, headers: { 'retry-after': '5' } });
  const ref = keepTexts(lang, language.file_name ?? {});
  const dictionary = textsOf(ref) ?? {};
  const isCurrent = ref.version === version;
  return new Response(kind === 'js' ? textsScript(ref, dictionary) : JSON.stringify(dictionary), {
    headers: {
      'content-type': kind === 'js' ? 'text/javascript; charset=utf-8' : 'application/json; charset=utf-8',
      'cache-control': isCurrent ? 'public, max-age=31536000, immutable' : 'no-cache',
    },
  });
}
