import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { SimClock } from '../../server/lib/clock.ts';
import { createSimulatorsApp } from '../../simulators/app.ts';
import { openSimulatorsDb } from '../../simulators/db.ts';

export const START = '2026-03-02T15:00:00.000Z';

type Row = Record<string, unknown>;

/** Compact rows (`columns` + arrays) as objects, the way a reader of the report sees them. */
const zip = (columns: string[], rows: unknown[][]): Row[] => rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));

/**
 * The simulators alone on a database file of their own (a fresh data dir), with a frozen clock the
 * test moves, and helpers for a fleet on platform_b and for reading both platforms' reports.
 */
export function makeSimWorld(seed = 42) {
  const dir = mkdtempSync(join(tmpdir(), 'sim-rides-'));
  const clock = SimClock.frozenAt(START);
  const db = openSimulatorsDb(join(dir, 'platforms.db'));
  const request = supertest(createSimulatorsApp({ db, clock, seed }));
  let n = 0;

  /** n vehicles registered on platform_b; each gets a driver unless `drivers` is false. */
  async function pbFleet(fleetId: string, count: number, drivers = true): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const k = String(++n).padStart(6, '0');
      const id = `veh-${fleetId}-${k}`;
      await request.post('/platform-b/api/v2/vehicles').send({ externalId: id, fleetId, licensePlate: `SR${k}`, vin: `3N1CN7AD5KL${k}`,
        make: 'Nissan', model: 'Versa', year: 2022, color: 'Gris' }).expect(201);
      if (drivers) await request.put(`/platform-b/api/v2/vehicles/${id}/driver`).send({ externalId: `drv-${id}`, name: 'Ana', whatsapp: `55${k}77` }).expect(201);
      ids.push(id);
    }
    return ids;
  }

  const generate = async (fleetId: string, from: string, to: string) =>
    (await request.post('/_control/rides/generate').send({ fleetId, from, to }).expect(200)).body.platforms;

  async function pbRides(fleetId: string, from: string, to: string, limit = 500): Promise<Row[]> {
    const rows: Row[] = [];
    for (let cursor: string | null = null; ; ) {
      const query: Record<string, unknown> = { fleetId, from, to, limit, ...(cursor ? { cursor } : {}) };
      const { body } = await request.get('/platform-b/api/v2/rides').query(query).expect(200);
      rows.push(...zip(body.meta.fields, body.data));
      if ((cursor = body.meta.nextCursor) === null) return rows;
    }
  }

  async function paRides(fleetId: string, from: string, to: string): Promise<Row[]> {
    const { body } = await request.get('/platform-a/v1/rides').query({ fleet_id: fleetId, from, to, limit: 10_000 }).expect(200);
    return zip(body.columns, body.rows);
  }

  async function pbDaily(fleetId: string, from: string, to: string): Promise<Row[]> {
    const { body } = await request.get('/platform-b/api/v2/earnings/daily').query({ fleetId, from, to }).expect(200);
    return zip(body.meta.fields, body.data);
  }

  const close = () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };

  return { clock, db, request, pbFleet, generate, pbRides, paRides, pbDaily, close };
}

export type SimWorld = ReturnType<typeof makeSimWorld>;
