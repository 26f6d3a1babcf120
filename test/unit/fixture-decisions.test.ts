import { describe, expect, it } from 'vitest';
import { useWorld } from '../support/world.ts';
import { Fixture } from '../../server/fixtures/schema.ts';
import { SCOPES } from '../../server/auth/scopes.ts';
import { requestsDuring } from '../support/platform-calls.ts';
import { SIM_URLS } from '../support/platform-network.ts';

/** A fixture's reviewers and drivers act in one control call (server/fixtures/service.ts, `decide`). */
describe('fixtures: platform_a\'s decisions in one call', () => {
  const w = useWorld();
  const newWorld = () => w.services.tenants.createTenantWithKeys('Flota Fixture', 'active', [{ scopes: [...SCOPES] }]).id;
  const build = async (fixture: unknown) => {
    const tenantId = newWorld();
    const calls = await requestsDuring(w.net.server, () => w.services.fixtures.build(tenantId, Fixture.parse(fixture)));
    return { tenantId, control: calls.filter((c) => c.startsWith(`POST ${SIM_URLS.control}/_control/platform-a/`)) };
  };

  it('when vehicles are registered on platform_a and drivers bound there, then one call decides them all and each is stored', async () => {
    const { tenantId, control } = await build({ vehicles: 3, drivers: 2, registeredOn: ['platform_a'], boundOn: ['platform_a'] });

    expect(control).toEqual([`POST ${SIM_URLS.control}/_control/platform-a/decisions`]);
    const vehicles = (await w.services.vehicles.list(tenantId, {}, 10)).data;
    expect(vehicles.map((v) => w.services.registrations.get(tenantId, v.id, 'platform_a').status)).toEqual(['approved', 'approved', 'approved']);
    const transitions = w.services.coverage.report(tenantId).transitions;
    const count = (machine: string, from: string, to: string) =>
      transitions.find((t) => t.machine === machine && t.from === from && t.to === to)?.count ?? 0;
    expect(count('invitation.platform_a', 'invited', 'bound')).toBe(2);
  });

  it('when nothing is registered on platform_a nor bound there, then no decision call is made', async () => {
    const { control } = await build({ vehicles: 2, drivers: 2, registeredOn: ['platform_b'] });

    expect(control).toEqual([]);
  });
});
