/** The cookie that remembers the language a visitor chose (`?lang=` sets it). */
export const LANG_COOKIE = 'lang';

export function cookieValue(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The language a page is asked in — `?lang=`, else the cookie — or undefined for the site's
 * default. Loaders send it to the API (`Content-Language`) so data (category names, FAQs, slides)
 * comes in the page's language.
 */
export function askedLanguage(request: Request): string | undefined {
  const asked = new URL(request.url).searchParams.get('lang') ?? cookieValue(request, LANG_COOKIE);
  return asked && /^[a-z]{2,3}$/.test(asked) ? asked : undefined;
}
