import { describe, expect, it } from 'vitest';
import { serveForSuite, worldClient } from '../support/process.ts';

/**
 * A slow fault set for the whole testbed (`/_testbed/faults`) lives in the simulators' process, so
 * only a real serve shows how the API tells its timeout from a platform really hanging: the
 * simulators answer 102 Processing as the fault holds the request (simulators/common/faults.ts).
 */
describe('a testbed-wide slow platform fault, on a serve whose platform calls time out after 500 ms', () => {
  const env = serveForSuite({ FLEET_PLATFORM_TIMEOUT_MS: '500' });
  const faults = (body: object) =>
    fetch(`${env.base}/_testbed/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function registerOnPlatformB(name: string, n: number, slowMs: number) {
    const world = await worldClient(env, name);
    const vehicle = await world.api('POST', '/v1/vehicles', { plate: `LNT${n}`, vin: `KNADM4A37E630${n}`, brand: 'Nissan', model: 'Versa', year: 2023, color: 'blanco' });
    expect((await faults({ platform: 'platform_b', mode: 'slow', ms: slowMs })).status).toBe(200);
    try {
      return await world.api('POST', `/v1/vehicles/${vehicle.body.id}/registrations`, { platform: 'platform_b' });
    } finally {
      await faults({ platform: 'platform_b', mode: 'none' });
    }
  }

  it('when the fault outlasts the timeout, then the 503 says a fault set on the testbed made it', async () => {
    const res = await registerOnPlatformB('Flota lenta', 1001, 1_500);

    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(res.headers.get('x-testbed-platform-fault')).toBe('platform_b; scope=testbed');
  }, 60_000);

  it('when the fault is shorter than the timeout, then the call is answered as usual, unmarked', async () => {
    const res = await registerOnPlatformB('Flota algo lenta', 1002, 50);

    expect(res.status).toBe(201);
    expect(res.headers.get('x-testbed-platform-fault')).toBeNull();
  }, 60_000);
});
