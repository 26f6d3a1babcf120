import { describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

/**
 * A world of its own (contract §5): one world's platform fault, slow past the platform timeout, is
 * that world's trouble. Before, every background run (one a second) read that world again through
 * its fault, each run took several timeouts, runs queued one a second behind one another, and
 * another world's clock advance waited for all of them: 8, 32, 128 s… and serve ignored SIGTERM.
 * With the 1 s timeout here, the old code's fourth advance came after over a minute.
 */
describe('a world whose platform calls time out (a slow fault of its own), on a serve whose calls time out after 1 s', () => {
  const env = serveForSuite({ FLEET_PLATFORM_TIMEOUT_MS: '1000' });
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${env.base}/_testbed${path}`, {
      method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('when it is read again and again, then another world\'s advances all answer, and serve still stops within 5 s on SIGTERM', async () => {
    const slowWorld = await control('POST', '/tenants', { name: 'Flota lenta', fixture: { vehicles: 3, drivers: 3, registeredOn: ['platform_b'], assigned: true } });
    const other = await control('POST', '/tenants', { name: 'Flota de al lado' });
    expect((await control('POST', `/tenants/${slowWorld.body.id}/faults`, { platform: 'platform_b', mode: 'slow', ms: 1_500 })).status).toBe(200);
    // A write the platform must hear of: the background sync owes it, and tries it through the fault.
    const unassigned = await fetch(`${env.base}/v1/assignments/${slowWorld.body.fixture.assignmentIds[0]}`, {
      method: 'DELETE', headers: { authorization: `Bearer ${slowWorld.body.keys[0].key}` },
    });

    const advances: number[] = [];
    for (let i = 0; i < 4; i++) advances.push((await control('POST', '/clock/advance', { duration: '1h', tenant: other.body.id })).status);
    const stopped = await env.stopWith('SIGTERM');

    expect(unassigned.status).toBe(200);
    expect(advances).toEqual(Array(4).fill(200));
    expect(stopped.ms).toBeLessThan(5_000);
  }, 90_000);
});
