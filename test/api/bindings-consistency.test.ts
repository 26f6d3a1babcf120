import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fleetFixtures, type Auth } from '../support/fleet-fixtures.ts';
import { useWorld } from '../support/world.ts';
import { requestsDuring } from '../support/platform-calls.ts';

const VEHICLES = 2;
const DRIVERS = 3;

type Command =
  | { kind: 'assign'; vehicle: number; driver: number }
  | { kind: 'end'; vehicle: number }
  | { kind: 'outage'; on: boolean }
  /** The platform loses a binding by itself (its own bug or an operator): the API must notice. */
  | { kind: 'platformDrops'; vehicle: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('assign' as const), vehicle: fc.nat(VEHICLES - 1), driver: fc.nat(DRIVERS - 1) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('end' as const), vehicle: fc.nat(VEHICLES - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('outage' as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('platformDrops' as const), vehicle: fc.nat(VEHICLES - 1) }) },
);
/** Commands of one batch are sent at once; batches run one after another. */
const interleaving = fc.array(fc.array(command, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 });

/** Cases that broke the API before the calls were ordered and reconciled; run first, every time. */
const EXAMPLES: [Command[][]][] = [
  // Replaced while its bind was in flight: the old bind landed after the new one, then its unbind removed it.
  [[[{ kind: 'assign', vehicle: 0, driver: 1 }], [{ kind: 'assign', vehicle: 0, driver: 0 }, { kind: 'assign', vehicle: 0, driver: 1 }]]],
  [[[{ kind: 'assign', vehicle: 1, driver: 0 }, { kind: 'end', vehicle: 0 }], [{ kind: 'assign', vehicle: 1, driver: 1 }, { kind: 'assign', vehicle: 1, driver: 0 }]]],
  // A synced binding the platform lost was never looked at again.
  [[[{ kind: 'assign', vehicle: 0, driver: 0 }], [{ kind: 'platformDrops', vehicle: 0 }]]],
  // Bound during an outage, then lost: bound again once the platform is back.
  [[[{ kind: 'outage', on: true }, { kind: 'assign', vehicle: 0, driver: 2 }], [{ kind: 'outage', on: false }], [{ kind: 'platformDrops', vehicle: 0 }]]],
];

/**
 * Random interleavings of assign, end, outage and platform-side losses against the real simulators
 * (in-process, over HTTP). After the outage ends and the background sync has run, what the API says
 * is what platform_b holds (contract §3 platformSync).
 */
describe('bindings stay true to the platform under any interleaving', () => {
  // Many requests at once on a busy machine: the setup's platform calls must not time out (an outage
  // is what the `outage` command is for), so the clients get more than the usual half second.
  const w = useWorld({ clientTimeoutMs: 5_000 });
  const f = fleetFixtures(w);

  async function fleet() {
    const { auth } = w.newTenant();
    const vehicles: string[] = [];
    for (let i = 0; i < VEHICLES; i++) {
      vehicles.push(await f.vehicle(auth));
      await f.registerOnB(auth, vehicles[i]);
    }
    const drivers: string[] = [];
    for (let i = 0; i < DRIVERS; i++) drivers.push(await f.driver(auth));
    return { auth, vehicles, drivers };
  }

  async function activeOf(auth: Auth, vehicleId?: string): Promise<{ id: string; vehicleId: string; driverId: string; platformSync: string }[]> {
    const filter = vehicleId === undefined ? '' : `&vehicleId=${vehicleId}`;
    return (await w.request.get(`/v1/assignments?status=active&limit=100${filter}`).set(auth).expect(200)).body.data;
  }

  async function apply(c: Command, { auth, vehicles, drivers }: Awaited<ReturnType<typeof fleet>>): Promise<void> {
    if (c.kind === 'assign') expect([200, 201]).toContain((await f.assign(auth, vehicles[c.vehicle], drivers[c.driver])).status);
    if (c.kind === 'outage') await w.net.control.setFault('platform_b', c.on ? 'error' : 'none');
    if (c.kind === 'end') {
      for (const a of await activeOf(auth, vehicles[c.vehicle])) await w.request.delete(`/v1/assignments/${a.id}`).set(auth).expect(200);
    }
    if (c.kind === 'platformDrops') {
      const held = (await w.net.control.listBindings('platform_b')).filter((b) => b.vehicleExternalId === vehicles[c.vehicle]);
      for (const b of held) await w.net.platformB.unbindDriver(b.vehicleExternalId, b.driverExternalId).catch(() => undefined);
    }
  }

  it('when assignments, ends, outages and platform-side losses interleave at random, then after settling every active assignment is synced and held, and nothing else of ours is held', async () => {
    await fc.assert(
      fc.asyncProperty(interleaving, async (batches) => {
        const world = await fleet();
        try {
          for (const batch of batches) await Promise.all(batch.map((c) => apply(c, world)));
        } finally {
          await w.net.control.setFault('platform_b', 'none');
        }
        await w.services.sync.runDue();

        const active = await activeOf(world.auth);
        const held = (await w.net.control.listBindings('platform_b')).filter((b) => world.vehicles.includes(b.vehicleExternalId));
        expect(active.map((a) => a.platformSync)).toEqual(active.map(() => 'synced'));
        const pairs = (xs: { v: string; d: string }[]) => xs.map(({ v, d }) => `${v}|${d}`).sort();
        expect(pairs(held.map((b) => ({ v: b.vehicleExternalId, d: b.driverExternalId })))).toEqual(pairs(active.map((a) => ({ v: a.vehicleId, d: a.driverId }))));
      }),
      { numRuns: 8, examples: EXAMPLES },
    );
  }, 60_000);

  describe('reconciliation with what platform_b holds', () => {
    async function pair() {
      const { auth, tenant } = w.newTenant();
      const vehicleId = await f.vehicle(auth);
      const driverId = await f.driver(auth);
      await f.registerOnB(auth, vehicleId);
      return { auth, vehicleId, driverId, tenantId: tenant.id };
    }

    it('when platform_b holds a binding for no active assignment, then the next sync run unbinds it', async () => {
      const { vehicleId, driverId } = await pair();
      await w.net.platformB.bindDriver(vehicleId, { externalId: driverId, name: 'Ana Ruiz', whatsapp: '+523300000000' });

      await w.services.sync.runDue();

      expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(false);
    });

    it('when platform_b loses a synced binding, then the next sync run binds it again', async () => {
      const { auth, vehicleId, driverId } = await pair();
      const { id } = (await f.assign(auth, vehicleId, driverId).expect(201)).body;
      await w.net.platformB.unbindDriver(vehicleId, driverId);

      await w.services.sync.runDue();

      expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
      expect(f.bindingRow(id, 'platform_b')).toEqual({ state: 'synced', attempts: 2, last_error: null });
    });

    it('when every world is compared in turns, and a world\'s work ended after the list was read, then that world reads its own list again in its turn, and the others are compared from the one list', async () => {
      const lost = [];
      for (let i = 0; i < 2; i++) {
        const { auth, vehicleId, driverId, tenantId } = await pair();
        await f.assign(auth, vehicleId, driverId).expect(201);
        await w.net.platformB.unbindDriver(vehicleId, driverId);
        lost.push({ tenantId, vehicleId, driverId });
      }
      const [changed, quiet] = lost;
      const taken: unknown[] = [];
      const turns = Object.assign(async <T>(worlds: unknown, read: () => Promise<T>) => (taken.push(worlds), read()), {
        stamp: () => 0,
        changedSince: (world: string) => world === changed.tenantId,
      });

      const calls = await requestsDuring(w.net.server, () => w.services.bindings.reconcile(undefined, turns));
      const lists = calls.filter((c) => c.includes('control.sim.test/_control/platform-b/bindings')).map((c) => new URL(c.split(' ')[1]).searchParams.get('fleetId'));

      // One turn per world (per platform), never one of every world.
      expect(taken).not.toContain(null);
      expect(taken).toEqual(expect.arrayContaining([changed.tenantId, quiet.tenantId]));
      expect(lists).toEqual([null, changed.tenantId]);
      expect(await f.boundOnPlatform('platform_b', changed.vehicleId, changed.driverId)).toBe(true);
      expect(await f.boundOnPlatform('platform_b', quiet.vehicleId, quiet.driverId)).toBe(true);
    });

    it('when platform_b loses a synced binding during an outage, then the assignment says pending, not synced, until it is bound again', async () => {
      const { auth, vehicleId, driverId } = await pair();
      const { id } = (await f.assign(auth, vehicleId, driverId).expect(201)).body;
      await w.net.platformB.unbindDriver(vehicleId, driverId);
      await w.net.control.setFault('platform_b', 'error');

      try {
        await w.services.sync.runDue();
        expect((await f.assignment(auth, id)).platformSync).toBe('pending');
      } finally {
        await w.net.control.setFault('platform_b', 'none');
      }
      await w.services.sync.runDue();

      expect((await f.assignment(auth, id)).platformSync).toBe('synced');
      expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
    });
  });
});

describe('bindings held, compared world by world in a pass of every world', () => {
  const real = { ms: 0 };
  const w = useWorld({ realNowMs: () => real.ms });
  const f = fleetFixtures(w);
  const runBackground = () => ((real.ms += 60_000), w.services.sync.runBackground());

  it('when a world is saved while the pass lists every world\'s bindings, then the same run still binds again the binding that world\'s platform lost', async () => {
    const { auth, tenant } = w.newTenant();
    const vehicleId = await f.vehicle(auth);
    const driverId = await f.driver(auth);
    await f.registerOnB(auth, vehicleId);
    await f.assign(auth, vehicleId, driverId).expect(201);
    await runBackground();
    await runBackground();
    // The platform loses the binding, then every world's records are replaced: the next run is one pass of every world.
    await w.net.platformB.unbindDriver(vehicleId, driverId);
    w.services.sync.forgetChanges();
    const control = w.net.control as unknown as { listBindings: (platform: string, fleet?: string) => Promise<unknown[]> };
    const list = control.listBindings.bind(control);
    let saved = false;
    control.listBindings = async (platform, fleet) => {
      const held = await list(platform, fleet);
      // The save ends between the list of every world and that world's turn.
      if (fleet === undefined && platform === 'platform_b' && !saved) {
        saved = true;
        await w.services.worldSnapshots.save(tenant.id, 'al-lado');
      }
      return held;
    };
    try {
      await runBackground();
    } finally {
      control.listBindings = list;
    }

    expect(saved).toBe(true);
    expect(await f.boundOnPlatform('platform_b', vehicleId, driverId)).toBe(true);
  });
});
