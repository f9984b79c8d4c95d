/**
 * What notifications say, by key, in the languages the site ships (en, hi, ar). A notice written
 * with a key keeps its params; `get_notification_list` says it in the reader's language, and the
 * English words are also stored as its title and message (for push, e-mail and older rows).
 * `{name}` in a text is replaced by the param of that name.
 */
export const NOTICE_TEXTS = {
  'search-alert-new': {
    en: { title: 'New listing for your search', message: '{title}' },
    hi: { title: 'आपकी खोज के लिए नई लिस्टिंग', message: '{title}' },
    ar: { title: 'عقار جديد يطابق بحثك', message: '{title}' },
  },
  'search-alert-cheaper': {
    en: { title: 'Cheaper now, for your search', message: '{title}' },
    hi: { title: 'आपकी खोज के लिए, अब सस्ता', message: '{title}' },
    ar: { title: 'أرخص الآن، لبحثك', message: '{title}' },
  },
  'price-drop': {
    en: { title: 'Price reduced', message: '{title} is now {percent}% cheaper.' },
    hi: { title: 'कीमत घटी', message: '{title} अब {percent}% सस्ता है।' },
    ar: { title: 'انخفض السعر', message: 'أصبح {title} أرخص بنسبة {percent}٪.' },
  },
  'price-drop-small': {
    en: { title: 'Price reduced', message: '{title} is now cheaper.' },
    hi: { title: 'कीमत घटी', message: '{title} अब सस्ता है।' },
    ar: { title: 'انخفض السعر', message: 'أصبح {title} أرخص.' },
  },
  'listing-approved': {
    en: { title: 'Your listing is live', message: '“{title}” has been approved and is now visible to everyone.' },
    hi: { title: 'आपकी लिस्टिंग लाइव है', message: '“{title}” स्वीकृत हो गई है और अब सबको दिखती है।' },
    ar: { title: 'إعلانك منشور الآن', message: 'تمت الموافقة على «{title}» وأصبح ظاهرًا للجميع.' },
  },
  'listing-rejected': {
    en: { title: 'Your listing was not approved', message: '“{title}” was not approved: {reason}' },
    hi: { title: 'आपकी लिस्टिंग स्वीकृत नहीं हुई', message: '“{title}” स्वीकृत नहीं हुई: {reason}' },
    ar: { title: 'لم تتم الموافقة على إعلانك', message: 'لم تتم الموافقة على «{title}»: {reason}' },
  },
  'project-approved': {
    en: { title: 'Your project is live', message: '“{title}” has been approved and is now visible to everyone.' },
    hi: { title: 'आपका प्रोजेक्ट लाइव है', message: '“{title}” स्वीकृत हो गया है और अब सबको दिखता है।' },
    ar: { title: 'مشروعك منشور الآن', message: 'تمت الموافقة على «{title}» وأصبح ظاهرًا للجميع.' },
  },
  'project-rejected': {
    en: { title: 'Your project was not approved', message: '“{title}” was not approved: {reason}' },
    hi: { title: 'आपका प्रोजेक्ट स्वीकृत नहीं हुआ', message: '“{title}” स्वीकृत नहीं हुआ: {reason}' },
    ar: { title: 'لم تتم الموافقة على مشروعك', message: 'لم تتم الموافقة على «{title}»: {reason}' },
  },
} as const satisfies Record<string, Record<NoticeLanguage, { title: string; message: string }>>;

export type NoticeLanguage = 'en' | 'hi' | 'ar';
export type NoticeKey = keyof typeof NOTICE_TEXTS;
export type NoticeParams = Record<string, string | number>;

const fill = (text: string, params: NoticeParams) => text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** A notice's title and message in `lang` (English for any other language, or a key this build does not know). */
export function noticeText(key: string, params: NoticeParams, lang?: string): { title: string; message: string } | null {
  const texts = (NOTICE_TEXTS as Record<string, Record<NoticeLanguage, { title: string; message: string }>>)[key];
  if (!texts) return null;
  const chosen = texts[(lang ?? 'en') as NoticeLanguage] ?? texts.en;
  return { title: fill(chosen.title, params), message: fill(chosen.message, params) };
}

/** What a notifier call needs for a keyed notice: the key, its params and the English words. */
export function keyed(key: NoticeKey, params: NoticeParams): { key: NoticeKey; params: NoticeParams; title: string; message: string } {
  return { key, params, ...noticeText(key, params, 'en')! };
}
