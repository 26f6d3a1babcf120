import { describe, expect, it } from 'vitest';
import { requestsDuring } from '../support/platform-calls.ts';
import { fleetFixtures } from '../support/fleet-fixtures.ts';
import { useWorldOnDataDir } from '../support/world.ts';

/**
 * A reset or a whole restore replaces every world's records on both sides, and the companion's
 * change sequence with them (simulators/common/fleet-changes.ts): the background sync's last number
 * means nothing after it, so its next run reads every world (server/services.ts wires it).
 */
describe('background sync after every world was replaced', () => {
  const w = useWorldOnDataDir();
  const f = fleetFixtures(w);
  const bindingLists = async (act: () => Promise<unknown>) =>
    (await requestsDuring(w.net.server, act)).map((c) => new URL(c.split(' ')[1]))
      // The API's calls only, not msw's forwards of them to the simulators.
      .filter((u) => u.href.startsWith(w.net.urls.control) && u.pathname.endsWith('/bindings')).map((u) => u.search);

  it('when the testbed is restored whole, then the next background run reads every world, and the one after only those written since', async () => {
    const { auth } = w.newTenant();
    await f.invite(auth, await f.driver(auth)).expect(201);
    await w.services.sync.runBackground();
    await w.request.post('/_testbed/snapshots').send({ name: 'entera' }).expect(201);
    await w.services.sync.runBackground();
    expect(await bindingLists(() => w.services.sync.runBackground())).toEqual([]);

    await w.request.post('/_testbed/snapshots/entera/restore').expect(200);

    // One list of every fleet's bindings per platform: a pass over every world, not a world at a time.
    expect(await bindingLists(() => w.services.sync.runBackground())).toEqual(['', '']);
    expect(await bindingLists(() => w.services.sync.runBackground())).toEqual([]);
  });
});
