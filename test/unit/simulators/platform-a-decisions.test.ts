import { describe, expect, it } from 'vitest';
import { MAX_DECISIONS } from '../../../simulators/platform-a/decisions.ts';
import { JPEG, makeSimulators, paDriverBody, paVehicleBody } from './fixtures.ts';

type Sims = ReturnType<typeof makeSimulators>;

/** Two vehicles with a card under review, three invited drivers (each world makes them alike if given the same). */
const bodies = () => ({ vehicles: [paVehicleBody(), paVehicleBody()], drivers: [paDriverBody(), paDriverBody(), paDriverBody()] });

async function world({ request }: Sims, { vehicles, drivers } = bodies()) {
  for (const v of vehicles) {
    await request.post('/platform-a/v1/vehicles').send(v).expect(201);
    await request.put(`/platform-a/v1/vehicles/${v.external_id}/circulation-card`).set('content-type', 'image/jpeg').send(JPEG).expect(202);
  }
  for (const d of drivers) await request.post('/platform-a/v1/drivers').send(d).expect(201);
  return { vehicles: vehicles.map((v) => v.external_id), drivers: drivers.map((d) => d.external_id) };
}

/** Every platform_a row of the simulators, to see that a refused batch changed nothing. */
const rows = ({ db }: Sims) => ['pa_vehicles', 'pa_drivers', 'pa_documents', 'pa_bindings', 'fleet_due']
  .map((table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all());

const decide = (sims: Sims, body: unknown) => sims.request.post('/_control/platform-a/decisions').send(body as object);

describe('control: platform_a decisions in one call', () => {
  it('when vehicles and drivers are decided in one call, then the answers and the platform are what the single calls make, one by one', async () => {
    // Two worlds with the same seed and records: one decided by the single calls, one by the batch.
    const [one, batch, made] = [makeSimulators(7), makeSimulators(7), bodies()];
    const ids = await world(one, made);
    await world(batch, made);
    const [v0, v1] = ids.vehicles;
    const [d0, d1, d2] = ids.drivers;
    const singles = {
      vehicles: [
        (await one.request.post(`/_control/platform-a/vehicles/${v0}/review`).send({ verdict: 'approved' })).body,
        (await one.request.post(`/_control/platform-a/vehicles/${v1}/review`).send({ verdict: 'approved', card: 'rejected' })).body,
      ],
      drivers: [
        { answered: (await one.request.post(`/_control/platform-a/drivers/${d0}/accept`)).body.driver,
          reviewed: (await one.request.post(`/_control/platform-a/drivers/${d0}/review`)).body.driver },
        { answered: (await one.request.post(`/_control/platform-a/drivers/${d1}/decline`)).body.driver, reviewed: null },
        { answered: (await one.request.post(`/_control/platform-a/drivers/${d2}/accept`)).body.driver, reviewed: null },
      ],
    };

    const res = await decide(batch, {
      vehicles: [{ externalId: ids.vehicles[0], verdict: 'approved' }, { externalId: ids.vehicles[1], verdict: 'approved', card: 'rejected' }],
      drivers: [
        { externalId: ids.drivers[0], answer: 'accept', approveReview: true },
        { externalId: ids.drivers[1], answer: 'decline' },
        { externalId: ids.drivers[2], answer: 'accept' },
      ],
    });

    expect(res.status).toBe(200);
    expect(res.body).toEqual(singles);
    expect(res.body.vehicles.map((v: { vehicle: { status: string } }) => v.vehicle.status)).toEqual(['approved', 'rejected']);
    expect(res.body.drivers.map((d: { answered: { review_status: string } }) => d.answered.review_status)).toEqual(['under_review', 'rejected', 'under_review']);
    expect(res.body.drivers[0].reviewed).toMatchObject({ status: 'bound', review_status: 'approved' });
    // The rows too: the same due times (the accepted-only driver's review end), bindings and all.
    expect(rows(batch)).toEqual(rows(one));
  });

  it('when only a driver\'s review is asked, then it is approved alone', async () => {
    const sims = makeSimulators();
    const { drivers: [d] } = await world(sims);
    await sims.request.post(`/_control/platform-a/drivers/${d}/accept`).expect(200);

    const res = await decide(sims, { drivers: [{ externalId: d, approveReview: true }] });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ vehicles: [], drivers: [{ answered: null, reviewed: expect.objectContaining({ review_status: 'approved' }) }] });
  });

  it('when an item is unknown, then 404 names it and nothing of the batch was done', async () => {
    const sims = makeSimulators();
    const { vehicles, drivers } = await world(sims);
    const before = rows(sims);

    const res = await decide(sims, {
      vehicles: vehicles.map((externalId) => ({ externalId, verdict: 'approved' })),
      drivers: [{ externalId: drivers[0], answer: 'accept', approveReview: true }, { externalId: 'drv-unknown', answer: 'accept' }],
    });

    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 'resource_missing', message: "drivers[1] 'drv-unknown': No driver with external_id 'drv-unknown'.",
      item: { list: 'drivers', index: 1, externalId: 'drv-unknown' },
    });
    expect(rows(sims)).toEqual(before);
  });

  it.each([
    ['a vehicle already decided', 'vehicles', 1, 'no_pending_review'],
    ['a driver who already answered', 'drivers', 0, 'invitation_not_open'],
  ] as const)('when %s is in the batch, then 409 names it and nothing of the batch was done', async (_what, list, index, code) => {
    const sims = makeSimulators();
    const ids = await world(sims);
    if (list === 'vehicles') await sims.request.post(`/_control/platform-a/vehicles/${ids.vehicles[index]}/review`).send({ verdict: 'approved' }).expect(200);
    else await sims.request.post(`/_control/platform-a/drivers/${ids.drivers[index]}/decline`).expect(200);
    const before = rows(sims);

    const res = await decide(sims, {
      vehicles: ids.vehicles.map((externalId) => ({ externalId, verdict: 'approved' })),
      drivers: ids.drivers.map((externalId) => ({ externalId, answer: 'accept', approveReview: true })),
    });

    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code, item: { list, index, externalId: ids[list][index] } });
    expect(res.body.error.message).toMatch(new RegExp(`^${list}\\[${index}\\] '${ids[list][index]}': `));
    expect(rows(sims)).toEqual(before);
  });

  it('when a driver is accepted and then approved but the answer is a decline, then the review step is refused (409) and the decline undone', async () => {
    const sims = makeSimulators();
    const { drivers: [d] } = await world(sims);
    const before = rows(sims);

    const res = await decide(sims, { drivers: [{ externalId: d, answer: 'decline', approveReview: true }] });

    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'no_pending_review', item: { list: 'drivers', index: 0, externalId: d } });
    expect(rows(sims)).toEqual(before);
  });

  it.each([
    [undefined, 'Nothing to decide'],
    [{}, 'Nothing to decide'],
    [{ vehicles: [], drivers: [] }, 'Nothing to decide'],
    [[], 'The body must be an object.'],
    [{ trucks: [] }, 'Unrecognized key: trucks; use vehicles and drivers.'],
    [{ vehicles: 'veh-1' }, 'vehicles: '],
    [{ vehicles: [{ externalId: 'veh-1', verdict: 'maybe' }] }, 'vehicles.0.verdict: '],
    [{ vehicles: [{ verdict: 'approved' }] }, 'vehicles.0.externalId: '],
    [{ vehicles: [{ externalId: '', verdict: 'approved' }] }, 'vehicles.0.externalId: '],
    [{ drivers: [{ externalId: 'drv-1' }] }, 'drivers.0: Give answer, approveReview or both.'],
    [{ drivers: [{ externalId: 'drv-1', accept: true }] }, 'drivers.0: '],
    [{ drivers: [{ externalId: 'drv-1', answer: 'maybe' }] }, 'drivers.0.answer: '],
    [{ drivers: [{ externalId: 'drv-1', approveReview: false }] }, 'drivers.0.approveReview: '],
    [{ vehicles: Array.from({ length: MAX_DECISIONS + 1 }, (_, i) => ({ externalId: `veh-${i}`, verdict: 'approved' })) }, 'vehicles: '],
  ])('when the body is %j, then 400 invalid_request says %s', async (body, words) => {
    const sims = makeSimulators();
    const res = await decide(sims, body);

    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_request');
    expect(res.body.error.message).toContain(words);
  });

  it('when the batch is as large as allowed, with ids as long as the API\'s, then the body is read (the first unknown item is the answer)', async () => {
    const sims = makeSimulators();
    const id = (kind: string, i: number) => `${kind}-0000-4000-8000-${String(i).padStart(12, '0')}`.padStart(36, '0');
    const res = await decide(sims, {
      vehicles: Array.from({ length: MAX_DECISIONS }, (_, i) => ({ externalId: id('v', i), verdict: 'approved', card: 'approved' })),
      drivers: Array.from({ length: MAX_DECISIONS }, (_, i) => ({ externalId: id('d', i), answer: 'decline', approveReview: true })),
    });

    expect(res.status).toBe(404);
    expect(res.body.error.item).toEqual({ list: 'vehicles', index: 0, externalId: id('v', 0) });
  });
});
