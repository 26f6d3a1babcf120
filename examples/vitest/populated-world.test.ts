import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { World } from 'fleet-testbed/testing';
import { weekEarnings } from './onboarding.ts';
import { newWorld } from './world.ts';

/**
 * The recommended pattern (docs/testing.md, "A suite's setup"): the file's world is made once, in one
 * call, by a fixture, saved as a world snapshot, and brought back before each test. The tests of the
 * file share that world, so they run one after another (`concurrent: false` overrides the config's
 * `sequence.concurrent`; an option rather than `describe.sequential`, which vitest 5 dropped); other
 * files' worlds on the same testbed go on meanwhile.
 */
describe('a fleet with three drivers on the road for a week (a fixture, restored before each test)', { concurrent: false }, () => {
  let world: World;
  beforeAll(async () => {
    world = await newWorld({
      fixture: { vehicles: 3, drivers: 3, registeredOn: ['platform_a', 'platform_b'], boundOn: ['platform_a'], assigned: true, rideDays: 7 },
    });
    await world.snapshot('inicio');
  });
  beforeEach(async () => {
    // Fault rules and the journal are the test's, not the world's: each test starts from none, cleared
    // by the restore itself.
    await world.restore('inicio', { clearFaults: true, clearRequests: true });
  });
  afterAll(() => world?.delete());

  it('when the week before today is summed, then it has trips and net earnings', async () => {
    const today = (await world.now()).slice(0, 10);
    const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);

    const week = await weekEarnings(world.client, weekAgo);

    expect(week.trips).toBeGreaterThan(0);
    expect(week.netCentavos).toBeGreaterThan(0);
  });

  it('when a test ends an assignment, then it is ended for that test alone', async () => {
    const [assignmentId] = world.fixture.assignmentIds;

    const ended = await world.client.DELETE('/v1/assignments/{id}', { params: { path: { id: assignmentId } } });

    expect(ended.data?.status).toBe('ended');
  });

  it('when a test starts, then every assignment of the fixture is active and synced, whatever the tests before it did', async () => {
    const listed = await world.client.GET('/v1/assignments', { params: { query: { status: 'active' } } });

    expect(listed.data?.data.map((a) => a.id).sort()).toEqual([...world.fixture.assignmentIds].sort());
    expect(listed.data?.data.every((a) => a.platformSync === 'synced')).toBe(true);
  });
});
