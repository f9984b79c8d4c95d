/**
 * The API's and the contract's messages in a person's words and the page's language. The
 * contract's schemas speak to developers ("re_password must match password", "max_price must
 * not be below min_price") and the server answers in English; what a person sees is mapped here,
 * by rule, to a translated text. A message no rule knows passes as it is.
 */
import type { Translate } from './i18n.ts';

type Rule = readonly [pattern: RegExp, say: (t: Translate, match: RegExpMatchArray) => string];

const number = (t: Translate, text: string) => new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(Number(text));

const RULES: readonly Rule[] = [
  // What the contract's schemas say (packages/core/src/contract).
  [/^re_password (must match password|is required)$/, (t) => t('msgPasswordsDiffer', 'The two passwords are not the same.')],
  [/^max_price must not be below min_price$/, (t) => t('msgPriceRange', 'The highest price must not be below the lowest.')],
  [/^\w+ must be a valid e-mail address$/, (t) => t('msgEmail', 'Enter an e-mail address like name@example.com.')],
  [/^\w+ must be a phone number/, (t) => t('msgPhone', 'Enter a phone number with its country code, like +919820012345.')],
  [/^otp must be \d+ digits$/, (t) => t('msgCode', 'Enter the 6-digit code we sent you.')],
  [/^password must be at least (\d+) characters$/, (t, m) => t.count(Number(m[1]), 'msgPasswordShort', 'Use at least {count} character.', 'Use at least {count} characters.')],
  [/^\w+ must be at most (\d+) characters$/, (t, m) => t.count(Number(m[1]), 'msgTooLong', 'Use at most {count} character.', 'Use at most {count} characters.')],
  [/^title_image is required$/, (t) => t('msgTitlePicture', 'Choose a title picture.')],
  [/^\w+ must be at least (\d+) characters$/, (t, m) => t.count(Number(m[1]), 'msgTooShort', 'Use at least {count} character.', 'Use at least {count} characters.')],
  [/^latitude and longitude must be sent together$/, (t) => t('msgBothCoordinates', 'Give both the latitude and the longitude, or neither.')],
  [/^\w+ must be a web address/, (t) => t('msgWebAddress', 'Enter a web address starting with https://')],
  [/^\w+ is required$/, (t) => t('msgRequired', 'Please fill this in.')],
  [/^\w+ must be a (whole )?number$/, (t) => t('msgNumber', 'Enter a number.')],
  [/^\w+ must be at least (-?[\d.]+)$/, (t, m) => t('msgAtLeast', 'Enter {n} or more.').replace('{n}', number(t, m[1]))],
  [/^\w+ must be at most (-?[\d.]+)$/, (t, m) => t('msgAtMost', 'Enter {n} or less.').replace('{n}', number(t, m[1]))],
  [/^\w+ must be (text|0 or 1|a list of ids)$|^\w+ may only contain letters, digits and hyphens$/, (t) => t('msgInvalid', 'Please check this value.')],
  // What the server answers about a listing (apps/server/src/modules/properties); parameter names may hold spaces.
  [/^A listing can have at most (\d+) gallery pictures$/, (t, m) => t.count(Number(m[1]), 'msgGalleryMax', 'A listing can have at most {count} gallery photo.', 'A listing can have at most {count} gallery photos.')],
  [/^A listing can have at most (\d+) documents$/, (t, m) => t.count(Number(m[1]), 'msgDocumentsMax', 'A listing can have at most {count} document.', 'A listing can have at most {count} documents.')],
  [/^.+ must be (one of|chosen from): /, (t) => t('msgChooseOption', 'Choose from the options given.')],
  [/^.+ is required$/, (t) => t('msgRequired', 'Please fill this in.')],
  [/^.+ must be a number$/, (t) => t('msgNumber', 'Enter a number.')],
  [/^.+ is too long$/, (t) => t('msgTooLongPlain', 'This is too long.')],
  [/^The request is too large\.$/, (t) => t('msgTooLarge', 'The files are too large to send at once. Choose fewer or smaller files.')],
  // The gates' refusals say what their pop-ups say (features/owner/ListingGate.tsx).
  [/^you have not completed your profile$/i, (t) => t('gateProfileText', 'You have not completed your profile.')],
  [/^Your verification is pending\./, (t) => t('gatePendingText', 'Your verification is still being checked. You can add listings once it is approved.')],
  [/^Your verification was not approved\./, (t) => t('gateFailedText', 'Your verification was not approved, so you cannot add listings. Contact us to try again.')],
  [/^Only verified users can add listings\./, (t) => t('gateNotVerifiedText', 'Only verified users can add properties and projects.')],
  // What the server answers about featuring and payments (apps/server/src/modules/advertisements, payments).
  [/^Your listing is featured now$/, (t) => t('msgFeaturedNow', 'Your listing is featured now.')],
  [/^This (property|project) is featured already\.$/, (t) => t('msgFeaturedAlready', 'This listing is featured already.')],
  [/^Only an approved, active (property|project) can be featured$/, (t) => t('msgFeatureNotListed', 'Only an approved, active listing can be featured.')],
  [/^You already hold this free package\.$/, (t) => t('msgFreePlanHeld', 'You already have this free plan.')],
  [/^This card has expired$/, (t) => t('cardExpired', 'This card has expired.')],
  // What the server answers (apps/server/src/modules/accounts).
  [/^The e-mail or password is wrong\.$/, (t) => t('msgWrongLogin', 'The e-mail or password is wrong.')],
  [/^The code is wrong\. (\d+) tr(y|ies) left\.$/, (t, m) => t.count(Number(m[1]), 'msgCodeWrong', 'The code is wrong. {count} try left.', 'The code is wrong. {count} tries left.')],
  [/^The code is wrong or has expired\. Ask for a new one\.$/, (t) => t('msgCodeWrongOrExpired', 'The code is wrong or has expired. Ask for a new one.')],
  [/^The code has expired\. Ask for a new one\.$/, (t) => t('msgCodeExpired', 'The code has expired. Ask for a new one.')],
  [/^Too many wrong tries\. Ask for a new code\.$/, (t) => t('msgCodeTooManyTries', 'Too many wrong tries. Ask for a new code.')],
  [/^Please wait (\d+) seconds before asking for a new code\.$/, (t, m) => t.count(Number(m[1]), 'msgCodeWait', 'Please wait {count} second before asking for a new code.', 'Please wait {count} seconds before asking for a new code.')],
  [/^Too many codes asked for\. Please try again in an hour\.$/, (t) => t('msgCodesPerHour', 'Too many codes asked for. Please try again in an hour.')],
  [/^Too many failed log-ins\./, (t) => t('msgLoginLocked', 'Too many failed log-ins. Please try again in 15 minutes or reset your password.')],
  [/^An account with this e-mail already exists\./, (t) => t('msgEmailTaken', 'An account with this e-mail already exists. Log in instead.')],
  [/^An account with this phone number already exists\.$|^Another account uses this phone number\.$/, (t) => t('msgPhoneTaken', 'Another account uses this phone number.')],
  [/^Another account uses this e-mail\.$/, (t) => t('msgEmailInUse', 'Another account uses this e-mail.')],
  [/^profile must be (an image file|a JPEG, PNG, WebP, GIF or AVIF image)$/, (t) => t('msgPicture', 'Choose a JPEG, PNG, WebP, GIF or AVIF picture.')],
  [/^Email is not verified$/, (t) => t('msgEmailNotVerified', 'Your e-mail is not verified yet. Enter the code we sent you.')],
  [/^Account Deactivated by Administrative please connect to them$/, (t) => t('msgDeactivated', 'This account has been deactivated. Please contact us.')],
];

/** `message` as a person should read it, in the page's language. */
export function humanMessage(message: string, t: Translate): string {
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (match) return say(t, match);
  }
  return message;
}
