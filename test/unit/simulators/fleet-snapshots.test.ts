import { describe, expect, it } from 'vitest';
import { HOUR, makeSimulators, pbVehicleBody } from './fixtures.ts';

/** A fleet's ride days are put back by difference (simulators/common/ride-day-difference.ts), and undone exactly. */
describe('fleet snapshots: ride days by difference', () => {
  it('when a fleet\'s ride days changed since its snapshot, then restore brings them back exactly, undo brings the changes back, and another fleet keeps its own', async () => {
    const { request, db } = makeSimulators();
    const days = (fleetId: string) => ['pa', 'pb'].flatMap((p) =>
      db.prepare(`SELECT * FROM ${p}_ride_days WHERE fleet_id = ? ORDER BY service_date, vehicle_external_id, from_ms`).all(fleetId));
    const kept = pbVehicleBody({ fleetId: 'fleet-a' });
    await request.post('/platform-b/api/v2/vehicles').send(kept);
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'fleet-b' }));
    await request.post('/_control/rides/generate').send({ fleetId: 'fleet-a', from: '2026-02-25', to: '2026-03-01' }).expect(200);
    await request.post('/_control/fleets/fleet-a/snapshots/uno').expect(200);
    const saved = days('fleet-a');
    // Changed since: its clock moved two days (new days, today's day finished), a second vehicle drives, the first one left.
    await request.post('/_control/fleets/fleet-a/clock').send({ offsetMs: 50 * HOUR }).expect(200);
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'fleet-a' }));
    await request.delete(`/platform-b/api/v2/vehicles/${kept.externalId}`);
    const changed = days('fleet-a');
    const other = days('fleet-b');

    await request.post('/_control/fleets/fleet-a/snapshots/uno/restore').expect(200);
    const restored = days('fleet-a');
    await request.post('/_control/fleets/fleet-a/undo-restore').expect(200);

    expect(saved.length).toBeGreaterThan(5);
    expect(changed).not.toEqual(saved);
    expect(restored).toEqual(saved);
    expect(days('fleet-a')).toEqual(changed);
    expect(days('fleet-b')).toEqual(other);
  });
  it('when some of a fleet\'s ride days are gone and none changed, then restore inserts just those, and undo takes them out again', async () => {
    const { request, db } = makeSimulators();
    const days = () => db.prepare('SELECT * FROM pb_ride_days WHERE fleet_id = ? ORDER BY service_date, vehicle_external_id, from_ms').all('fleet-c');
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'fleet-c' }));
    await request.post('/_control/rides/generate').send({ fleetId: 'fleet-c', from: '2026-02-25', to: '2026-03-01' }).expect(200);
    await request.post('/_control/fleets/fleet-c/snapshots/dos').expect(200);
    const saved = days();
    db.prepare("DELETE FROM pb_ride_days WHERE fleet_id = 'fleet-c' AND service_date <= '2026-02-26'").run();
    const thinned = days();

    await request.post('/_control/fleets/fleet-c/snapshots/dos/restore').expect(200);
    const restored = days();
    await request.post('/_control/fleets/fleet-c/undo-restore').expect(200);

    expect(thinned.length).toBeLessThan(saved.length);
    expect(thinned.length).toBeGreaterThan(0);
    expect(restored).toEqual(saved);
    expect(days()).toEqual(thinned);
  });
});
