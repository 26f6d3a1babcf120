import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestbed, type StartedTestbed, type World } from '../../testing/index.ts';

const ridesOf = async (world: World) => {
  const { data } = await world.client.GET('/v1/rides', { params: { query: { platform: 'platform_b', limit: 100 } } });
  return data!.data.map((r) => r.id);
};

/**
 * A whole-testbed restore brings every world's clock back to a time the background ingestion may
 * already have read past: each world is read again from there, so the same advance brings the same
 * rides (a world restore's half of this: test/api/world-snapshots-rides-read.test.ts).
 */
describe('rides after a whole-testbed restore, on a real serve', () => {
  let testbed: StartedTestbed;
  beforeAll(async () => void (testbed = await startTestbed({ clockStart: '2026-05-04T12:00:00.000Z' })), 60_000);
  afterAll(() => testbed?.stop());

  it('when a world read past the snapshot is restored and advanced the same again, then it has the same rides as the first time', async () => {
    const world = await testbed.createWorld({ fixture: { vehicles: 2, drivers: 2, registeredOn: ['platform_b'], assigned: true } });
    await world.advance('1d');
    await testbed.snapshot('antes');
    await world.advance('1d');
    const first = await ridesOf(world);

    await testbed.restore('antes');
    await world.advance('1d');

    expect(first.length).toBeGreaterThan(0);
    expect(await ridesOf(world)).toEqual(first);
  }, 60_000);
});
