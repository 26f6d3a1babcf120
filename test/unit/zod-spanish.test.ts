import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { configureZodMessages } from '../../server/lib/zod-spanish.ts';

configureZodMessages();

const Body = z.object({
  platforms: z.array(z.string()).optional(),
  keys: z.array(z.object({ scopes: z.array(z.string()) })).optional(),
  year: z.number().optional(),
  named: z.string({ error: 'named tiene su propio mensaje' }).optional(),
});
const messages = (input: unknown) => Body.safeParse(input).error?.issues.map((i) => i.message);

describe('zod messages of the API (server/lib/zod-spanish.ts)', () => {
  it('when a field has another type and its schema gave no message, then it is named with the type it must be', () => {
    expect(messages({ platforms: 'platform_a', year: '2024' })).toEqual([
      'platforms debe ser una lista (un arreglo JSON, [ … ])',
      'year debe ser un número',
    ]);
  });

  it('when an item of a list is wrong or misses a field, then its whole path is named; missing is said as missing', () => {
    expect(messages({ keys: ['x', {}] })).toEqual(['keys.0 debe ser un objeto JSON ({ … })', 'keys.1.scopes es obligatorio']);
  });

  it("when the schema gave its own message, then that one stands; a valid body has none (the boundary)", () => {
    expect(messages({ named: 5 })).toEqual(['named tiene su propio mensaje']);
    expect(messages({ platforms: ['platform_a'], keys: [{ scopes: [] }], year: 2024 })).toBeUndefined();
  });
});
