import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORD } from '../../../server/ingestion/packed-rides.ts';
import { NEXT_CURSOR_HEADER, RIDE_ID_BYTES, RIDE_PAGE_TYPE } from '../../../server/platforms/ride-page-wire.ts';
import { makeSimWorld } from '../../support/sim-rides.ts';

/** The platforms' rides routes answer the testbed's binary page to whoever asks for it (simulators/rides/packed-page.ts). */
describe('simulators: the binary page of rides', () => {
  const sim = makeSimWorld();
  afterAll(sim.close);
  const [from, to] = ['2026-02-23', '2026-03-01'];
  const pbRides = (fleetId: string, accept: string, cursor?: string) =>
    sim.request.get('/platform-b/api/v2/rides').query({ fleetId, from, to, limit: 20, ...(cursor ? { cursor } : {}) }).set('accept', accept)
      .buffer(true).parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('when a fleet the API made is read with the binary type asked, then each page holds as many records and ids as the JSON page has rides, and the same cursor', async () => {
    const fleetId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const externalId = randomUUID();
      await sim.request.post('/platform-b/api/v2/vehicles').send({ externalId, fleetId, licensePlate: `PK${1000 + i}`, vin: `3N1CN7AD5KL00${1000 + i}`,
        make: 'Nissan', model: 'Versa', year: 2022, color: 'Gris' }).expect(201);
      await sim.request.put(`/platform-b/api/v2/vehicles/${externalId}/driver`).send({ externalId: randomUUID(), name: 'Ana', whatsapp: `5512${1000 + i}77` }).expect(201);
    }
    await sim.generate(fleetId, from, to);

    const packed = await pbRides(fleetId, `${RIDE_PAGE_TYPE}, application/json;q=0.5`);
    const json = await sim.request.get('/platform-b/api/v2/rides').query({ fleetId, from, to, limit: 20 }).expect(200);

    expect(packed.headers['content-type']).toBe(RIDE_PAGE_TYPE);
    expect((packed.body as Buffer).length).toBe(json.body.data.length * (RECORD + RIDE_ID_BYTES));
    expect(packed.headers[NEXT_CURSOR_HEADER]).toBe(json.body.meta.nextCursor);
    const ids = json.body.data.map((row: string[]) => row[0]);
    const body = packed.body as Buffer;
    const idsAt = ids.length * RECORD;
    const sent = ids.map((_: string, i: number) => body.toString('latin1', idsAt + i * RIDE_ID_BYTES, idsAt + (i + 1) * RIDE_ID_BYTES).replace(/\0+$/, ''));
    expect(sent).toEqual(ids);
  });

  it('when a fleet whose vehicles have ids that are no UUIDs is read with the binary type asked, then it answers its JSON', async () => {
    await sim.pbFleet('odd-ids', 1);
    await sim.generate('odd-ids', from, to);

    const res = await sim.request.get('/platform-b/api/v2/rides').query({ fleetId: 'odd-ids', from, to }).set('accept', `${RIDE_PAGE_TYPE}, application/json;q=0.5`).expect(200);

    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.data.length).toBeGreaterThan(0);
  });
});
