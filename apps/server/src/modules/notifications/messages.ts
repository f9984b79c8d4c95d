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
  'package-bought': {
    en: { title: 'Package purchased', message: 'Your {name} package is active until {until}.' },
    hi: { title: 'पैकेज खरीदा गया', message: 'आपका {name} पैकेज {until} तक सक्रिय है।' },
    ar: { title: 'تم شراء الباقة', message: 'باقتك {name} فعّالة حتى {until}.' },
  },
  'package-expiring': {
    en: { title: 'Your package ends soon', message: 'Your {name} package ends on {until} (UTC). Renew it to keep its features.' },
    hi: { title: 'आपका पैकेज जल्द खत्म होगा', message: 'आपका {name} पैकेज {until} (UTC) को खत्म होगा। इसकी सुविधाएँ बनाए रखने के लिए इसे नवीनीकृत करें।' },
    ar: { title: 'باقتك تنتهي قريبًا', message: 'تنتهي باقتك {name} في {until} (UTC). جدّدها لتحتفظ بمزاياها.' },
  },
  'payment-refunded': {
    en: { title: 'Payment refunded', message: 'Your payment of {amount} {currency} for {name} was refunded; the package has ended.' },
    hi: { title: 'भुगतान वापस किया गया', message: '{name} के लिए आपका {amount} {currency} का भुगतान वापस कर दिया गया; पैकेज समाप्त हो गया है।' },
    ar: { title: 'تم رد المبلغ', message: 'رُدّت دفعتك البالغة {amount} {currency} مقابل {name}، وانتهت الباقة.' },
  },
  'verification-approved': {
    en: { title: 'You are verified', message: 'Your agent verification has been approved: the verified badge now shows on your profile and listings.' },
    hi: { title: 'आप सत्यापित हैं', message: 'आपका एजेंट सत्यापन स्वीकृत हो गया है: सत्यापित बैज अब आपकी प्रोफ़ाइल और लिस्टिंग पर दिखता है।' },
    ar: { title: 'تم توثيقك', message: 'تمت الموافقة على توثيقك كوكيل: تظهر شارة التوثيق الآن في ملفك وإعلاناتك.' },
  },
  'verification-failed': {
    en: { title: 'Your verification was not approved', message: 'Your agent verification was not approved: {reason}. You can apply again.' },
    hi: { title: 'आपका सत्यापन स्वीकृत नहीं हुआ', message: 'आपका एजेंट सत्यापन स्वीकृत नहीं हुआ: {reason}। आप फिर से आवेदन कर सकते हैं।' },
    ar: { title: 'لم تتم الموافقة على توثيقك', message: 'لم تتم الموافقة على توثيقك كوكيل: {reason}. يمكنك التقديم مرة أخرى.' },
  },
  'verification-reset': {
    en: { title: 'Your verification was reset', message: 'An administrator has reset your verification. You can apply again from your profile.' },
    hi: { title: 'आपका सत्यापन रीसेट किया गया', message: 'एक एडमिन ने आपका सत्यापन रीसेट किया है। आप अपनी प्रोफ़ाइल से फिर से आवेदन कर सकते हैं।' },
    ar: { title: 'أُعيد ضبط توثيقك', message: 'أعاد أحد المشرفين ضبط توثيقك. يمكنك التقديم مرة أخرى من ملفك.' },
  },
  'account-reactivated': {
    en: { title: 'Your account is active again', message: 'An administrator has reactivated your account. You can log in again.' },
    hi: { title: 'आपका खाता फिर से सक्रिय है', message: 'एक एडमिन ने आपका खाता फिर से सक्रिय कर दिया है। आप फिर से लॉग इन कर सकते हैं।' },
    ar: { title: 'حسابك نشط من جديد', message: 'أعاد أحد المشرفين تفعيل حسابك. يمكنك تسجيل الدخول مرة أخرى.' },
  },
  'account-deactivated': {
    en: { title: 'Your account has been deactivated', message: 'An administrator has deactivated your account.' },
    hi: { title: 'आपका खाता निष्क्रिय कर दिया गया है', message: 'एक एडमिन ने आपका खाता निष्क्रिय कर दिया है।' },
    ar: { title: 'تم تعطيل حسابك', message: 'عطّل أحد المشرفين حسابك.' },
  },
  'account-deactivated-reason': {
    en: { title: 'Your account has been deactivated', message: 'An administrator has deactivated your account: {reason}' },
    hi: { title: 'आपका खाता निष्क्रिय कर दिया गया है', message: 'एक एडमिन ने आपका खाता निष्क्रिय कर दिया है: {reason}' },
    ar: { title: 'تم تعطيل حسابك', message: 'عطّل أحد المشرفين حسابك: {reason}' },
  },
  'listing-hidden': {
    en: { title: 'Your listing was hidden', message: '“{title}” was hidden after it was reported.' },
    hi: { title: 'आपकी लिस्टिंग छिपा दी गई', message: '“{title}” रिपोर्ट होने के बाद छिपा दी गई।' },
    ar: { title: 'تم إخفاء إعلانك', message: 'أُخفي «{title}» بعد الإبلاغ عنه.' },
  },
  'listing-hidden-reason': {
    en: { title: 'Your listing was hidden', message: '“{title}” was hidden after it was reported: {reason}' },
    hi: { title: 'आपकी लिस्टिंग छिपा दी गई', message: '“{title}” रिपोर्ट होने के बाद छिपा दी गई: {reason}' },
    ar: { title: 'تم إخفاء إعلانك', message: 'أُخفي «{title}» بعد الإبلاغ عنه: {reason}' },
  },
  'listing-warning': {
    en: { title: 'A warning about your listing', message: '“{title}” was reported. {reason}' },
    hi: { title: 'आपकी लिस्टिंग के बारे में चेतावनी', message: '“{title}” की रिपोर्ट की गई है। {reason}' },
    ar: { title: 'تحذير بشأن إعلانك', message: 'تم الإبلاغ عن «{title}». {reason}' },
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
