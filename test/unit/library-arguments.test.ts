import { describe, expect, it } from 'vitest';
import { TestbedError, type ControlCall } from '../../testing/control.ts';
import { worldSetup } from '../../testing/world-setup.ts';
import { worldFaults } from '../../testing/world-faults.ts';
import { worldRequests } from '../../testing/world-requests.ts';

/** A world's doors whose calls are recorded, never sent: a refused argument must make none. */
function recorded() {
  const calls: string[] = [];
  const call = (async (method: string, path: string) => {
    calls.push(`${method} ${path}`);
    return { data: [], hasMore: false };
  }) as unknown as ControlCall;
  return { calls, world: worldSetup(call, 'mundo'), faults: worldFaults(call, 'mundo'), requests: worldRequests(call, 'mundo', 'Mundo') };
}

const refusal = (attempt: () => Promise<unknown>) => attempt().catch((err: unknown) => err);

describe('a world snapshot\'s name in the testing library', () => {
  it.each([
    ['no name', undefined, 'name es obligatorio, p. ej. antes-de-pagar'],
    ['null', null, 'name es obligatorio, p. ej. antes-de-pagar'],
    ['a number', 5, 'name debe ser texto, p. ej. antes-de-pagar'],
  ])('when restore or deleteSnapshot is given %s, then it is 400 VALIDATION naming name, before any call (not a 404 for a snapshot called "%s")', async (_case, name, message) => {
    const { calls, world } = recorded();

    for (const attempt of [() => world.restore(name as never), () => world.deleteSnapshot(name as never)]) {
      const refused = await refusal(attempt);
      expect(refused).toBeInstanceOf(TestbedError);
      expect(refused).toMatchObject({ status: 400, code: 'VALIDATION', message: `La solicitud no es válida (${message}).`, details: [{ field: 'name', message }] });
    }
    expect(calls).toEqual([]);
  });

  it('when a valid name is given, then the call goes to that snapshot (the boundary)', async () => {
    const { calls, world } = recorded();

    await world.deleteSnapshot('inicio');

    expect(calls).toEqual(['DELETE /tenants/mundo/snapshots/inicio']);
  });
});

describe('other arguments a JavaScript caller gets wrong', () => {
  it.each([
    ['faults.add(null)', (d: ReturnType<typeof recorded>) => d.faults.add(null as never), 'faults.add admite un objeto, la regla (effect, operation, method, path…); recibió null'],
    ['faults() with no platform', (d: ReturnType<typeof recorded>) => (d.faults as unknown as () => Promise<unknown>)(), 'faults(platform, mode) necesita la plataforma: platform_a o platform_b (una regla sobre la API: faults.add({ effect, … }))'],
    ['restore with null options', (d: ReturnType<typeof recorded>) => d.world.restore('inicio', null as never), 'restore admite un objeto (clearFaults, clearRequests); recibió null'],
    ['expectRequests with a count as text', (d: ReturnType<typeof recorded>) => d.requests.expectRequests({ count: '2' as never }), 'expectRequests: count debe ser un número entero de 0 en adelante (recibió "2")'],
  ])('when %s, then it is 400 VALIDATION saying what was given, before any call', async (_case, attempt, message) => {
    const doors = recorded();

    const refused = await refusal(() => attempt(doors));

    expect(refused).toBeInstanceOf(TestbedError);
    expect(refused).toMatchObject({ status: 400, code: 'VALIDATION', message });
    expect(doors.calls).toEqual([]);
  });
});

