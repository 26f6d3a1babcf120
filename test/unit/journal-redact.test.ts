import { describe, expect, it } from 'vitest';
import { cutBody, queryObject, redact, redactAuthorization } from '../../server/journal/redact.ts';

const SECRET = 'fk_test_0123456789ab_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef';

describe('journal redaction', () => {
  it.each([
    ['plain', `x ${SECRET} y`, 'x fk_test_0123456789ab_… y'],
    ['percent-encoded', `/v1/x/${SECRET.replaceAll('_', '%5F')}`, '/v1/x/fk_test_0123456789ab_…'],
    ['percent-encoded twice', `/v1/x/${SECRET.replaceAll('_', '%255F')}`, '/v1/x/fk_test_0123456789ab_…'],
    ['percent-encoded three times', `/v1/x/${SECRET.replaceAll('_', '%25255F')}`, '/v1/x/fk_test_0123456789ab_…'],
    ['JSON-escaped', `{"k":"${SECRET.replaceAll('_', '\\u005f')}"`, '{"k":"fk_test_0123456789ab_…"'],
    ['no key', 'fk_test_ 100% \\u00e9', 'fk_test_ 100% \\u00e9'],
    ['a key one character short', SECRET.slice(0, -1), SECRET.slice(0, -1)],
  ])('when a text holds %s, then it reads %j', (_case, text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    [`Bearer ${SECRET}`, 'Bearer fk_test_0123456789ab_…'],
    [`bearer   ${SECRET}`, 'Bearer fk_test_0123456789ab_…'],
    [`Basic ${Buffer.from(SECRET).toString('base64')}`, '[oculto]'],
    ['Bearer otra-cosa', '[oculto]'],
  ])('when authorization is %j, then the journal shows %j', (value, shown) => {
    expect(redactAuthorization(value)).toBe(shown);
  });

  it('when query names are those of an object\'s own properties (toString, constructor, __proto__), then each is kept as sent', () => {
    const query = queryObject('toString=x&constructor=y&__proto__=z&valueOf=1&a=1&a=2');

    expect(JSON.parse(JSON.stringify(query))).toEqual({ toString: 'x', constructor: 'y', ['__proto__']: 'z', valueOf: '1', a: ['1', '2'] });
    expect(Object.keys(query)).toEqual(['toString', 'constructor', '__proto__', 'valueOf', 'a']);
  });

  it('when a body is 65,536 bytes, then it is whole; at 65,537 it is cut to 65,536 with truncated', () => {
    expect(cutBody('a'.repeat(65_536))).toEqual({ body: 'a'.repeat(65_536), truncated: false });
    const cut = cutBody('ñ'.repeat(40_000)); // 80,000 bytes
    expect(cut.truncated).toBe(true);
    expect(Buffer.byteLength(cut.body)).toBeLessThanOrEqual(65_536);
    expect(cutBody('a'.repeat(65_537))).toEqual({ body: 'a'.repeat(65_536), truncated: true });
  });
});
