import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { fleetControl } from '../../../simulators/common/fleet-control.ts';
import { openSimulatorsDb } from '../../../simulators/db.ts';
import { createRideDayStore, type RideDayRow } from '../../../simulators/rides/store.ts';

/** `count` ride days of a fleet on one platform, a few vehicles a day, so one day holds more than a slice. */
function rideDays(store: ReturnType<typeof createRideDayStore>, fleet: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const row: RideDayRow = {
      fleet_id: fleet, service_date: `2026-03-0${1 + (i % 3)}`, vehicle_external_id: `veh-${i}`, driver_external_id: null,
      from_ms: 0, until_ms: null, open_until_ms: 0, final_at_ms: 0, rides: 1, trips: 1, gross: 100, net: 80, online_minutes: 60,
    };
    store.save(row);
  }
}

/**
 * The deletion route on a fresh database, slices of 10; what it holds, releases and forgets told in
 * `events`, with the fleet's ride days left at that moment.
 */
function companion() {
  const db = openSimulatorsDb(':memory:');
  const left = (fleet: string) => db.prepare('SELECT (SELECT count(*) FROM pa_ride_days WHERE fleet_id = ?) + (SELECT count(*) FROM pb_ride_days WHERE fleet_id = ?)').pluck().get(fleet, fleet) as number;
  const events: string[] = [];
  const tell = (what: string) => (fleetId: string) => void events.push(`${what} ${fleetId} (${left(fleetId)})`);
  const due = { hold: tell('hold'), release: tell('release'), forget: tell('forget') };
  const app = express().use(fleetControl({ db, sliceRows: 10, due, onDeleted: [tell('snapshots gone')] }));
  return { db, events, app, left };
}

describe('a fleet deleted on the platforms (DELETE /_control/fleets/:id)', () => {
  it('when its ride days outnumber a slice, then they go a slice at a time with the event loop turning between, its due work held first, and no other fleet\'s go', async () => {
    const { db, events, app, left } = companion();
    rideDays(createRideDayStore(db, 'pa'), 'se-va', 35);
    rideDays(createRideDayStore(db, 'pb'), 'se-va', 12);
    rideDays(createRideDayStore(db, 'pa'), 'se-queda', 5);
    // What another request would see at each turn of the event loop while the delete runs.
    const seen = new Set<number>();
    let watching = true;
    const watch = () => {
      seen.add(left('se-va'));
      if (watching) setImmediate(watch);
    };
    watch();

    const res = await supertest(app).delete('/fleets/se-va');
    watching = false;

    // Its 47 ride days and the row counting their writes.
    expect(res.body).toEqual({ fleetId: 'se-va', deletedRecords: 48 });
    expect([left('se-va'), left('se-queda')]).toEqual([0, 5]);
    expect([...seen].filter((n) => n > 0 && n < 47).length).toBeGreaterThanOrEqual(3);
    // Held before its first slice; every hold and its snapshots forgotten once its ride days are gone.
    expect(events).toEqual(['hold se-va (47)', 'forget se-va (0)', 'snapshots gone se-va (0)']);
  });

  it('when it is deleted twice side by side (a retry), then the first to end releases its own hold and the last forgets them all', async () => {
    const { db, events, app, left } = companion();
    rideDays(createRideDayStore(db, 'pa'), 'se-va', 35);

    const answers = await Promise.all([supertest(app).delete('/fleets/se-va'), supertest(app).delete('/fleets/se-va')]);

    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(left('se-va')).toBe(0);
    const due = events.map((e) => e.split(' se-va')[0]).filter((e) => e !== 'snapshots gone');
    expect(due).toEqual(['hold', 'hold', 'release', 'forget']);
  });

  it('when its ride days cannot be deleted, then the call fails and its due work is released, not left held', async () => {
    const { db, events, app } = companion();
    rideDays(createRideDayStore(db, 'pa'), 'se-va', 15);
    // A write the database refuses part way, as a full disk would.
    db.exec(`CREATE TRIGGER refuse BEFORE DELETE ON pa_ride_days BEGIN SELECT RAISE(ABORT, 'disco lleno'); END`);

    const res = await supertest(app).delete('/fleets/se-va');

    expect(res.status).toBe(500);
    expect(events).toEqual(['hold se-va (15)', 'release se-va (15)']);
  });
});
