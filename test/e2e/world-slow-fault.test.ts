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

/**
 * A world of its own (contract §5), beside a world whose platform answers slowly (a slow fault of
 * its own, under the platform timeout): a sync of every world, or that world's own advance, reads its
 * registrations under review one slow call each. Another world's restore and advance went after the
 * whole of that read before (34 s and 23 s in a reproduction with three such worlds); they now wait
 * for their own world's reads alone.
 */
describe('a world whose registrations are read slowly (a slow fault of its own), and another world beside it', () => {
  const env = serveForSuite();
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${env.base}/_testbed${path}`, {
      method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** A world of 8 vehicles under review on platform_a, whose platform_a answers it in 1.5 s from now on. */
  async function slowWorld() {
    const world = await control('POST', '/tenants', { name: 'Flota lenta', fixture: { vehicles: 8 } });
    const headers = { authorization: `Bearer ${world.body.keys[0].key}`, 'content-type': 'application/json' };
    for (const id of world.body.fixture.vehicleIds) {
      const res = await fetch(`${env.base}/v1/vehicles/${id}/registrations`, { method: 'POST', headers, body: JSON.stringify({ platform: 'platform_a' }) });
      expect(res.status).toBe(201);
    }
    expect((await control('POST', `/tenants/${world.body.id}/faults`, { platform: 'platform_a', mode: 'slow', ms: 1_500 })).status).toBe(200);
    return world.body.id as string;
  }
  /** `slow` started, then `other` asked for: what ended first, and both answers. */
  async function beside(slow: () => Promise<{ status: number }>, other: () => Promise<{ status: number }>) {
    const ended: string[] = [];
    const slowDone = slow().then((r) => (ended.push('slow'), r));
    // Asked after the slow call is under way: a control call behind it on the same serve has been answered.
    await control('GET', '/clock');
    const otherDone = other().then((r) => (ended.push('other'), r));
    return { answers: [(await slowDone).status, (await otherDone).status], ended };
  }

  it('when every world is synced, then another world\'s restore and its advance answer before the slow world\'s read ends', async () => {
    await slowWorld();
    const other = (await control('POST', '/tenants', { name: 'Flota de al lado', fixture: { vehicles: 2 } })).body.id as string;
    expect((await control('POST', `/tenants/${other}/snapshots`, { name: 'base' })).status).toBe(201);

    const restored = await beside(() => control('POST', '/sync'), () => control('POST', `/tenants/${other}/snapshots/base/restore`));
    const advanced = await beside(() => control('POST', '/sync'), () => control('POST', '/clock/advance', { duration: '1h', tenant: other }));

    expect(restored).toEqual({ answers: [200, 200], ended: ['other', 'slow'] });
    expect(advanced).toEqual({ answers: [200, 200], ended: ['other', 'slow'] });
  }, 60_000);

  it('when the slow world\'s clock is advanced, then another world\'s advance answers before that world\'s read ends', async () => {
    const slow = await slowWorld();
    const other = (await control('POST', '/tenants', { name: 'Flota de al lado' })).body.id as string;

    const advanced = await beside(
      () => control('POST', '/clock/advance', { duration: '1h', tenant: slow }),
      () => control('POST', '/clock/advance', { duration: '1h', tenant: other }),
    );

    expect(advanced).toEqual({ answers: [200, 200], ended: ['other', 'slow'] });
  }, 60_000);
});
