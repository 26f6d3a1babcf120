import { describe, expect, it } from 'vitest';
import { clashMessage, type Clash } from '../../server/world-snapshots/rows.ts';

const HOLDER = '00000000-0000-4000-8000-000000000001';
const plates = (n: number, tenantId = HOLDER): Clash[] => Array.from({ length: n }, (_, i) => ({ field: 'plate', value: `ABC${100 + i}`, tenantId }));

describe('the 409 of a world restore whose values another world holds now', () => {
  it('when one value clashes, then it is named in the singular', () => {
    expect(clashMessage('x', plates(1))).toBe(`No se puede restaurar «x»: la placa ABC100 es ahora del mundo ${HOLDER}; no se restauró nada.`);
  });

  it('when five clash, then all five are named (the boundary)', () => {
    expect(clashMessage('x', plates(5))).toBe(`No se puede restaurar «x»: la placa ABC100, la placa ABC101, la placa ABC102, la placa ABC103 y la placa ABC104 son ahora del mundo ${HOLDER}; no se restauró nada.`);
  });

  it('when six clash, then five are named and the rest counted', () => {
    expect(clashMessage('x', plates(6))).toBe(`No se puede restaurar «x»: la placa ABC100, la placa ABC101, la placa ABC102, la placa ABC103, la placa ABC104 y 1 más son ahora del mundo ${HOLDER}; no se restauró nada.`);
  });

  it('when the values are held by more than one world, then the message says so and leaves each to the details', () => {
    const two = [...plates(1), ...plates(1, '00000000-0000-4000-8000-000000000002')];
    expect(clashMessage('x', two)).toBe('No se puede restaurar «x»: la placa ABC100 y la placa ABC100 son ahora de otros mundos; no se restauró nada.');
  });

  it('when the details are full (100, more may be left), then the rest is not counted as if it were all', () => {
    expect(clashMessage('x', plates(100))).toContain('la placa ABC104 y otros más son ahora de otros mundos;');
    expect(clashMessage('x', plates(99))).toContain(`y 94 más son ahora del mundo ${HOLDER};`);
  });
});
