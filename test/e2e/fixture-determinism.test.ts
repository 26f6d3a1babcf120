import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestbed, type Platform, type StartedTestbed, type World } from '../../testing/index.ts';

const FIXTURE = { vehicles: 30, drivers: 30, registeredOn: ['platform_a', 'platform_b'] as Platform[], boundOn: ['platform_a' as const], assigned: true, rideDays: 2 };

/** What a test can see of a fixture world: its ids, the API's answers and what the platforms hold. */
async function seen(testbed: StartedTestbed, world: World) {
  const api = async (path: string) => (await fetch(`${testbed.url}${path}`, { headers: { authorization: `Bearer ${world.key}` } })).json();
  const platform = async (name: string) => (await fetch(`${testbed.url}/_testbed/platforms/${name}?tenant=${world.tenantId}`)).json();
  return {
    fixture: world.fixture,
    vehicles: await api('/v1/vehicles?limit=100'),
    drivers: await api('/v1/drivers?limit=100'),
    assignments: await api('/v1/assignments?limit=100'),
    cards: await Promise.all(world.fixture.vehicleIds.map((id) => api(`/v1/vehicles/${id}/documents`))),
    ridesA: await api('/v1/rides?platform=platform_a&limit=100'),
    ridesB: await api('/v1/rides?platform=platform_b&limit=100'),
    platformA: await platform('platform_a'),
    platformB: await platform('platform_b'),
  };
}

/**
 * A fixture is one request: with the same seed and clock it gives the same world, ids included,
 * however the platforms' answers to its calls side by side come back (fixtures/service.ts).
 */
describe('a fixture world, made twice with the same seed on two serves', () => {
  const options = { seed: 7, clockStart: '2026-05-04T12:00:00.000Z' };
  let testbeds: StartedTestbed[] = [];
  beforeAll(async () => void (testbeds = await Promise.all([startTestbed(options), startTestbed(options)])), 60_000);
  afterAll(() => Promise.all(testbeds.map((t) => t.stop())));

  it('when both serves make it, then every id, answer and platform record is the same', async () => {
    const worlds = await Promise.all(testbeds.map((t) => t.createWorld({ name: 'Flota Igual', fixture: FIXTURE })));

    const [first, second] = await Promise.all(testbeds.map((t, i) => seen(t, worlds[i])));

    expect(first.vehicles.data).toHaveLength(30);
    expect(first.cards.every((page: { data: unknown[] }) => page.data.length === 1)).toBe(true);
    expect(first.ridesA.data.length).toBeGreaterThan(0);
    expect(first.platformA.bindings).toHaveLength(30);
    expect(second).toEqual(first);
  }, 60_000);
});
