import { describe, expect, it } from 'vitest';
import { HOUR, JPEG, START_MS, makeSimulators, paDriverBody, paVehicleBody, pbVehicleBody, whatsapp } from './fixtures.ts';

/** `GET /_control/fleets/changed`: which fleets' platform records were written after a number. */
describe('fleet changes: the fleets whose records were written since', () => {
  const changedSince = async (request: ReturnType<typeof makeSimulators>['request'], since?: number) => {
    const res = await request.get('/_control/fleets/changed').query(since === undefined ? {} : { since });
    expect(res.status).toBe(200);
    const body = res.body as { seq: number; fleets: { id: string; seq: number }[] };
    // Each fleet named with its own last number: after `since`, none past the sequence's.
    for (const fleet of body.fleets) expect(fleet.seq > (since ?? 0) && fleet.seq <= body.seq).toBe(true);
    return { seq: body.seq, fleets: body.fleets.map((f) => f.id), seqOf: new Map(body.fleets.map((f) => [f.id, f.seq])) };
  };

  it('when two fleets write records, then each write counts once for its fleet and only the fleets written after a number are named', async () => {
    const { request } = makeSimulators();
    const start = await changedSince(request);
    await request.post('/platform-a/v1/vehicles').send(paVehicleBody({ fleet_id: 'flota-a' })).expect(201);
    const afterA = await changedSince(request, start.seq);
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'flota-b' })).expect(201);

    const afterB = await changedSince(request, afterA.seq);

    expect(start.fleets).toEqual([]);
    expect(start.seq).toBe(0);
    expect(afterA.fleets).toEqual(['flota-a']);
    expect(afterB.fleets).toEqual(['flota-b']);
    expect(afterB.seq).toBeGreaterThan(afterA.seq);
    expect(await changedSince(request, afterB.seq)).toMatchObject({ seq: afterB.seq, fleets: [] });
    expect((await changedSince(request, 0)).seqOf).toEqual(new Map([['flota-a', afterA.seq], ['flota-b', afterB.seq]]));
    expect((await changedSince(request, 0)).fleets.sort()).toEqual(['flota-a', 'flota-b']);
  });

  it('when a review ends with the passing of simulated time, then its fleet is named as changed, and a read changes nothing', async () => {
    const { request } = makeSimulators();
    const body = paVehicleBody({ fleet_id: 'flota-revisada' });
    await request.post('/platform-a/v1/vehicles').send(body).expect(201);
    await request.put(`/platform-a/v1/vehicles/${body.external_id}/circulation-card`).set('content-type', 'image/png').send(JPEG);
    const before = await changedSince(request);
    await request.get(`/platform-a/v1/vehicles/${body.external_id}`).expect(200);
    expect(await changedSince(request, before.seq)).toMatchObject({ seq: before.seq, fleets: [] });

    await request.post('/_control/clock').send({ frozenAtMs: START_MS, offsetMs: 24 * HOUR }).expect(200);

    expect((await changedSince(request, before.seq)).fleets).toEqual(['flota-revisada']);
    expect((await request.get(`/platform-a/v1/vehicles/${body.external_id}`)).body.vehicle.status).toBe('approved');
  });

  it('when a driver accepts in the app or the fleet is restored from a snapshot of its own, then each names the fleet', async () => {
    const { request } = makeSimulators();
    const vehicle = paVehicleBody({ fleet_id: 'flota-conductores' });
    const driver = paDriverBody({ fleet_id: 'flota-conductores', whatsapp: whatsapp() });
    await request.post('/platform-a/v1/vehicles').send(vehicle).expect(201);
    await request.post('/platform-a/v1/drivers').send(driver).expect(201);
    await request.post('/_control/fleets/flota-conductores/snapshots/antes').expect(200);
    const steps: [string, () => Promise<unknown>][] = [
      ['accept', () => request.post(`/_control/platform-a/drivers/${driver.external_id}/accept`).expect(200)],
      ['restore', () => request.post('/_control/fleets/flota-conductores/snapshots/antes/restore').expect(200)],
    ];
    for (const [step, act] of steps) {
      const before = await changedSince(request);
      await act();
      expect([step, (await changedSince(request, before.seq)).fleets]).toEqual([step, ['flota-conductores']]);
    }
  });

  it('when a fleet is deleted, then it leaves no number behind, and the sequence still goes up: the next write of any fleet is named past every number read', async () => {
    const { request, db } = makeSimulators();
    await request.post('/platform-a/v1/vehicles').send(paVehicleBody({ fleet_id: 'flota-borrada' })).expect(201);
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'flota-borrada' })).expect(201);
    await request.post('/platform-b/api/v2/vehicles').send(pbVehicleBody({ fleetId: 'flota-viva' })).expect(201);
    const before = await changedSince(request);

    await request.delete('/_control/fleets/flota-borrada').expect(200);
    const afterDelete = await changedSince(request, 0);
    await request.post('/platform-a/v1/vehicles').send(paVehicleBody({ fleet_id: 'flota-nueva' })).expect(201);
    const afterWrite = await changedSince(request, afterDelete.seq);

    const rows = db.prepare("SELECT fleet_id FROM fleet_changes WHERE fleet_id LIKE 'flota-%' ORDER BY fleet_id").pluck().all();
    expect(rows).toEqual(['flota-nueva', 'flota-viva']);
    expect(afterDelete.fleets).toEqual(['flota-viva']);
    // The deletion's own writes moved the sequence past what was read before it, and it never goes back.
    expect(afterDelete.seq).toBeGreaterThan(before.seq);
    expect(afterWrite.fleets).toEqual(['flota-nueva']);
    expect(afterWrite.seqOf.get('flota-nueva')).toBe(afterDelete.seq + 1);
  });

  it('when a fleet\'s held due work is released, then the answer names its last number and whether that due work wrote its records', async () => {
    const { request } = makeSimulators();
    const body = paVehicleBody({ fleet_id: 'flota-retenida' });
    expect((await request.post('/_control/fleets/flota-retenida/due-hold').expect(200)).body.seq).toBe(0);
    await request.post('/platform-a/v1/vehicles').send(body).expect(201);
    await request.put(`/platform-a/v1/vehicles/${body.external_id}/circulation-card`).set('content-type', 'image/png').send(JPEG);
    const written = await changedSince(request);
    const quiet = await request.delete('/_control/fleets/flota-retenida/due-hold').expect(200);
    expect(quiet.body).toEqual({ fleetId: 'flota-retenida', held: false, seq: written.seqOf.get('flota-retenida'), changedByDue: false });

    // The review falls due while held: the release's run ends it, a write of the fleet's records.
    expect((await request.post('/_control/fleets/flota-retenida/due-hold').expect(200)).body.seq).toBe(quiet.body.seq);
    await request.post('/_control/clock').send({ frozenAtMs: START_MS, offsetMs: 24 * HOUR }).expect(200);
    expect((await changedSince(request, written.seq)).fleets).toEqual([]);
    const reviewed = await request.delete('/_control/fleets/flota-retenida/due-hold').expect(200);

    expect(reviewed.body.changedByDue).toBe(true);
    expect(reviewed.body.seq).toBe((await changedSince(request, written.seq)).seqOf.get('flota-retenida'));
    expect(reviewed.body.seq).toBeGreaterThan(quiet.body.seq);
  });

  it.each(['-1', 'uno', '1.5'])('when since is %s, then 400 and nothing else is answered', async (since) => {
    const { request } = makeSimulators();
    const res = await request.get('/_control/fleets/changed').query({ since });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
  });
});
