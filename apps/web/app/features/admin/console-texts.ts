import { useQuery } from '@tanstack/react-query';
import { envelope, language } from '@estate/core';
import { call } from '../../lib/client.ts';
import { isConsoleText, type Dictionary } from '../../lib/i18n.ts';

const languageAnswer = envelope(language);

/**
 * The console's texts in the page's language (`get_languages`, the same call that serves every
 * page's texts, so an operator's edits show here too). English needs none: it is the fallback.
 */
export function useConsoleTexts(lang: string) {
  return useQuery({
    queryKey: ['console-texts', lang],
    enabled: lang !== 'en',
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<Dictionary> => {
      const answer = await call('get_languages', languageAnswer, { query: { language_code: lang, web_language_file: 1 } });
      const texts: Dictionary = {};
      for (const [key, text] of Object.entries(answer.data.file_name ?? {})) if (isConsoleText(key) && typeof text === 'string') texts[key] = text;
      return texts;
    },
  });
}
