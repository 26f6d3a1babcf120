import { Fixture } from '../../server/fixtures/schema.ts';
import type { useWorld } from './world.ts';

/** A world made by a fixture through the app's services, and how many vehicles its key lists. */
export function fixtureWorlds(w: ReturnType<typeof useWorld>) {
  return {
    fixtureWorld: async (fixture: object) => {
      const fleet = w.newTenant();
      const ids = await w.services.fixtures.build(fleet.tenant.id, Fixture.parse(fixture));
      return { ...fleet, ids };
    },
    vehicleCount: (auth: { Authorization: string }) =>
      w.request.get('/v1/vehicles?limit=100').set(auth).expect(200).then((res) => res.body.data.length as number),
  };
}
