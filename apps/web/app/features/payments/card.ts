/**
 * The sandbox checkout's card form, as pure rules: the number shown in groups of four as it is
 * typed, the expiry as MM/YY, and what is wrong with each field before anything is sent. The
 * server checks the same again (contract `sandboxPayBody`); these only spare a round trip.
 */

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardProblem = 'required' | 'number' | 'luhn' | 'expiry' | 'expired' | 'cvc';
export type CardErrors = Partial<Record<CardField, CardProblem>>;

const MAX_DIGITS = 19;

/** Only the digits, at most 19 (the longest card numbers). */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, MAX_DIGITS);
}

/** "4242424242424242" → "4242 4242 4242 4242", as printed on a card. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The Luhn check digit every card number carries. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * The expiry as it is typed: "1" stays, "12" becomes "12/", "1228" becomes "12/28"; a first digit
 * above 1 is a month on its own ("4" → "04/"). Deleting the slash deletes back through it.
 */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '').slice(0, 4);
  const deleting = value.length < previous.length;
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Month and two-digit year of "MM/YY", or null when it is not one. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(value.trim());
  return match ? { month: Number(match[1]), year: 2000 + Number(match[2]) } : null;
}

/** What is wrong with each field of the card form (empty when it may be sent). */
export function validateCard(card: { number: string; expiry: string; cvc: string }, now: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(card.number);
  if (!digits) errors.number = 'required';
  else if (digits.length < 12) errors.number = 'number';
  else if (!isLuhnValid(digits)) errors.number = 'luhn';

  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'required';
  else if (!expiry) errors.expiry = 'expiry';
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) errors.expiry = 'expired';

  if (!card.cvc.trim()) errors.cvc = 'required';
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = 'cvc';
  return errors;
}
