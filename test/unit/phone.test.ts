import { describe, expect, it } from 'vitest';
import { canonicalWhatsapp, isWhatsapp, whatsappKey } from '../../server/catalog/phone.ts';

describe('whatsappKey', () => {
  it.each([
    ['5512345678', '525512345678'],
    ['+525512345678', '525512345678'],
    ['+5215512345678', '525512345678'],
    ['+15551234567', '15551234567'],
    // +52 with a number that itself starts with 1 is told apart from +521 by its length.
    ['+521234567890', '521234567890'],
    ['1234567890', '521234567890'],
  ])('when the number is %j, then its key is %j', (phone, key) => {
    expect(isWhatsapp(phone)).toBe(true);
    expect(whatsappKey(phone)).toBe(key);
  });

  it('when one Mexican phone is written the three accepted ways, then all share one key', () => {
    const keys = ['5512345678', '+525512345678', '+5215512345678'].map(whatsappKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('when a US number has the same ten digits as a Mexican one, then the keys differ', () => {
    expect(whatsappKey('+15512345678')).not.toBe(whatsappKey('5512345678'));
  });

  it.each([
    ['', 'empty'],
    ['551234567', 'nine digits'],
    ['55123456789', 'eleven digits'],
    ['+55512345678', 'unknown country code'],
    ['+5255123456789', '+52 with eleven digits'],
    ['+52155123456789', '+521 with eleven digits'],
    ['+1555123456', '+1 with nine digits'],
    ['525512345678', 'country code without +'],
    ['55 1234 5678', 'spaces'],
    ['55-1234-5678', 'hyphens'],
    [' 5512345678', 'leading space'],
    ['5512345678\n', 'trailing newline'],
    ['+52 5512345678', 'space after the country code'],
    ['٥٥١٢٣٤٥٦٧٨', 'non-ASCII digits'],
  ])('when the text is %j (%s), then it is not a WhatsApp number and has no key', (phone) => {
    expect(isWhatsapp(phone)).toBe(false);
    expect(whatsappKey(phone)).toBeNull();
  });
});

describe('canonicalWhatsapp', () => {
  it.each([
    ['5512345678', '+525512345678'],
    ['+525512345678', '+525512345678'],
    ['+5215512345678', '+525512345678'],
    ['+15551234567', '+15551234567'],
    ['+521234567890', '+521234567890'],
  ])('when the number is %j, then its one stored spelling is %j', (phone, canonical) => {
    expect(canonicalWhatsapp(phone)).toBe(canonical);
  });

  it('when the text is outside the pattern, then there is no canonical form', () => {
    expect(canonicalWhatsapp('55 1234 5678')).toBeNull();
  });
});
