/**
 * WhatsApp numbers as the spec accepts them: ten national digits, or +52 / +521 (the old mobile
 * prefix) / +1 followed by ten digits.
 */
/** `[0-9]`, not `\d`: the pattern is also the document's, and some engines take other scripts' digits for `\d`. */
export const WHATSAPP_PATTERN = /^(?:[0-9]{10}|\+(?:1[0-9]{10}|52[0-9]{10}|521[0-9]{10}))$/;

export const isWhatsapp = (phone: string): boolean => WHATSAPP_PATTERN.test(phone);

/**
 * The service-wide identity of a number: 5512345678, +525512345678 and +5215512345678 reach the
 * same phone, so they share the key "525512345678"; +1 numbers keep their country code "1".
 * Returns null for text outside the pattern.
 */
export function whatsappKey(phone: string): string | null {
  if (!isWhatsapp(phone)) return null;
  if (/^\d{10}$/.test(phone)) return `52${phone}`;
  // Length tells +52 (13 chars) and +521 (14 chars) apart even when the number itself starts with 1.
  if (phone.startsWith('+52')) return `52${phone.slice(-10)}`;
  return `1${phone.slice(-10)}`;
}

/**
 * The one spelling stored and shown: E.164 of the key ("+525512345678"), so the same number sent
 * another way is the same value, and +521 (dropped from Mexican dialling in 2019) becomes +52.
 */
export function canonicalWhatsapp(phone: string): string | null {
  const key = whatsappKey(phone);
  return key === null ? null : `+${key}`;
}
