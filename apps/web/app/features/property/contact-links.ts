/** A `tel:` link for a phone number as people write it ("+91 98100 10101", "+91-98100-10101"). */
export function telHref(mobile: string): string {
  return `tel:${mobile.replace(/[^\d+]/g, '')}`;
}

/**
 * A WhatsApp chat with the number, the message already typed. wa.me wants the full international
 * number as digits only; a number written without its country code ("98100 10101") would reach
 * someone else's country code, so it gets no link at all.
 */
export function whatsAppHref(mobile: string, message: string): string | null {
  const written = mobile.trim();
  if (!/^(\+|00)/.test(written)) return null;
  const digits = written.replace(/\D/g, '').replace(/^00/, '');
  if (!/^[1-9]\d{7,14}$/.test(digits)) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
