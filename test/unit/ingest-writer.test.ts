import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors.ts';
import type { Db } from '../../server/db/open.ts';
import { uuidBytes, uuidText } from '../../server/lib/ids.ts';
import type { FeedRide } from '../../server/platforms/ride-feed.ts';
import { forEachPacked, packRides } from '../../server/ingestion/packed-rides.ts';
import { createIngestWriter, inProcessWriter, THREAD_PAGE_RIDES, threadWriter } from '../../server/ingestion/writer.ts';
import type { DailyEarningsRow } from '../../server/earnings/store.ts';
import { rideKey } from '../../server/rides/ride-key.ts';
import { createRideStore } from '../../server/rides/store.ts';
import { openDatabase } from '../../server/db/open.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

const T = Date.parse('2026-02-10T14:00:00.000Z');
const VEHICLE = '0194f1a2-3b4c-7d5e-8f60-718293a4b5c6';
const DRIVER = '0194f1a2-3b4c-7d5e-8f60-000000000001';

const ride = (i: number, over: Partial<FeedRide> = {}): FeedRide => ({
  platformRideId: `r-${i}`, vehicleId: VEHICLE, driverId: DRIVER, status: 'completed', startedAtMs: T + i * 60_000,
  completedAtMs: T + i * 60_000 + 900_000, distanceHkm: 350 + i, grossCents: 9_000 + i, tipCents: i % 2 ? 0 : 1_500, netCents: 7_000 + i,
  ...over,
});
const keyOf = (r: FeedRide) => rideKey(7, 'platform_b', r.platformRideId, r.startedAtMs);
const bytesOf = (uuid: string | null) => (uuid === null ? null : uuidBytes(uuid));
const pack = (feed: number, rides: FeedRide[]) => packRides(feed, rides, keyOf, bytesOf);

/** The stored rides of a database, ids as text, in key order. */
function stored(db: Db): Record<string, unknown>[] {
  return (db.prepare('SELECT * FROM rides ORDER BY feed, id').all() as Record<string, unknown>[]).map((r) => ({
    ...r, id: uuidText(r.id as Buffer), vehicle_id: r.vehicle_id && uuidText(r.vehicle_id as Buffer), driver_id: r.driver_id && uuidText(r.driver_id as Buffer),
  }));
}

function feedOf(db: Db): number {
  db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES ('t1', 'Flota', 'active', '2026-01-01T00:00:00.000Z')").run();
  return createRideStore(db).feed('t1', 'platform_b');
}

describe('packed rides', () => {
  it('when a page is packed and read back, then every value comes out as it went in, nulls and every status included', () => {
    const statuses = ['completed', 'cancelled_driver', 'cancelled_rider', 'cancelled_support', 'in_progress', 'other'] as const;
    const rides = statuses.map((status, i) => ride(i, { status }));
    rides.push(ride(9, { vehicleId: null, driverId: null, completedAtMs: null, distanceHkm: null, grossCents: null, tipCents: null, netCents: null }));
    rides.push(ride(10, { grossCents: 0, tipCents: 0, netCents: -250 }));
    const rows: unknown[][] = [];

    forEachPacked(pack(3, rides), (...values) => rows.push(values.map((v) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v))));

    expect(rows).toEqual(rides.map((r) => [
      3, keyOf(r).toString('hex'), r.vehicleId && uuidBytes(r.vehicleId).toString('hex'), r.driverId && uuidBytes(r.driverId).toString('hex'),
      r.status, r.startedAtMs, r.completedAtMs, r.distanceHkm, r.grossCents, r.tipCents, r.netCents,
    ]));
  });

  it('when a page has no rides, then nothing is read back', () => {
    const rows: unknown[] = [];
    forEachPacked(pack(1, []), (...values) => rows.push(values));
    expect(rows).toEqual([]);
  });

  it('when a page inserts or changes a ride, then its feed takes the next number of the service\'s ride writes; a page that changes nothing, none', () => {
    const db = openDatabase(':memory:');
    const feed = feedOf(db);
    db.prepare("INSERT INTO tenants (id, name, status, created_at) VALUES ('t2', 'Otra', 'active', '2026-01-01T00:00:00.000Z')").run();
    const other = createRideStore(db).feed('t2', 'platform_b');
    const store = createRideStore(db);
    const written = (f: number) => db.prepare('SELECT written FROM ride_feeds WHERE id = ?').pluck().get(f);

    const numbers = [written(feed)];
    store.upsertPacked(pack(feed, [ride(1), ride(2)]));
    numbers.push(written(feed));
    store.upsertPacked(pack(feed, [ride(1), ride(2)]));
    numbers.push(written(feed));
    store.upsertPacked(pack(other, [ride(1)]));
    store.upsertPacked(pack(feed, [ride(1, { netCents: 1 })]));
    numbers.push(written(feed));

    expect(numbers).toEqual([0, 1, 1, 3]);
    expect(written(other)).toBe(2);
    db.close();
  });
});

const daily = (date: string, trips: number): DailyEarningsRow => ({
  id: `d-${date}`, tenant_id: 't1', platform: 'platform_b', date, driver_id: null, trips, gross_cents: 100 * trips,
  net_cents: 80 * trips, online_chours: 250, updated_at: '2026-02-11T00:00:00.000Z',
});
const storedDaily = (db: Db) => db.prepare('SELECT date, trips FROM daily_earnings ORDER BY date').all();
const rideCount = (db: Db) => db.prepare('SELECT count(*) FROM rides').pluck().get();

describe('ingest writer', () => {
  const files = tempDatabaseFiles();

  it.each([
    ['a thread with its own connection', () => { const db = files(1)[0]; return { db, writer: threadWriter(db.name) }; }],
    ['the caller\'s connection (in-process)', () => { const db = openDatabase(':memory:'); return { db, writer: inProcessWriter(db) }; }],
  ])('through %s: what is handed over together is all written, in order, and rides are counted as new once', async (_how, make) => {
    const { db, writer } = make();
    const feed = feedOf(db);
    const pages = [[ride(0), ride(1)], [ride(2)], [ride(1, { grossCents: 1, netCents: 1 })]];

    const counts = await Promise.all(pages.map((p) => writer.rides(pack(feed, p))));
    const again = await writer.rides(pack(feed, [ride(0), ride(2)]));
    await Promise.all([writer.daily([daily('2026-02-09', 3), daily('2026-02-10', 4)]), writer.daily([daily('2026-02-10', 5)])]);
    await writer.close();

    expect(counts).toEqual([2, 1, 1]);
    expect(again).toBe(0); // unchanged rides are not rewritten
    expect(stored(db).map((r) => [r.id, r.gross_cents, r.vehicle_id, r.status])).toEqual([
      [uuidText(keyOf(ride(0))), 9_000, VEHICLE, 'completed'],
      [uuidText(keyOf(ride(1))), 1, VEHICLE, 'completed'], // the later page's amounts
      [uuidText(keyOf(ride(2))), 9_002, VEHICLE, 'completed'],
    ]);
    expect(storedDaily(db)).toEqual([{ date: '2026-02-09', trips: 3 }, { date: '2026-02-10', trips: 5 }]);
  });

  it('when a page cannot be written by the thread, then its write fails with SQLite\'s reason, none of its rides are kept, and later pages still go in', async () => {
    const db = files(1)[0];
    const feed = feedOf(db);
    const writer = threadWriter(db.name);

    const failed = writer.rides(pack(feed, [ride(0), ride(1, { startedAtMs: NaN })]));
    const next = writer.rides(pack(feed, [ride(2)]));

    await expect(failed).rejects.toThrow(/NOT NULL constraint failed: rides.started_at_ms/);
    await expect(next).resolves.toBe(1);
    await writer.close();
    expect(stored(db).map((r) => r.id)).toEqual([uuidText(keyOf(ride(2)))]);
  });

  it('when the thread is closed, then what was handed over before is written and a later write is refused', async () => {
    const db = files(1)[0];
    const feed = feedOf(db);
    const writer = threadWriter(db.name);

    const before = writer.rides(pack(feed, [ride(0)]));
    await writer.close();

    await expect(before).resolves.toBe(1);
    await expect(writer.rides(pack(feed, [ride(1)]))).rejects.toThrow(/ingest writer stopped/);
    expect(stored(db)).toHaveLength(1);
  });

  // In-process, a write is done when the call returns; through the thread, only once its promise settles.
  it('on a database file: pages of one-page windows are written in-process; from the first page with more to come, everything goes through the thread', async () => {
    const db = files(1)[0];
    const feed = feedOf(db);
    const writer = createIngestWriter(db);

    const single = writer.rides(pack(feed, [ride(0)]), false);
    expect(rideCount(db)).toBe(1);
    const firstOfMany = writer.rides(pack(feed, [ride(1)]), true);
    const last = writer.rides(pack(feed, [ride(2)]), false);
    const days = writer.daily([daily('2026-02-10', 1)]);
    expect([rideCount(db), storedDaily(db)]).toEqual([1, []]);
    await Promise.all([single, firstOfMany, last, days]);
    await writer.close();

    expect([rideCount(db), storedDaily(db)]).toEqual([3, [{ date: '2026-02-10', trips: 1 }]]);
  });

  it('on a database file: a window\'s only page of THREAD_PAGE_RIDES rides goes through the thread; one of fewer, in-process', async () => {
    const db = files(1)[0];
    const feed = feedOf(db);
    const writer = createIngestWriter(db);
    const rides = (from: number, n: number) => Array.from({ length: n }, (_, i) => ride(from + i));

    const small = writer.rides(pack(feed, rides(0, THREAD_PAGE_RIDES - 1)), false);
    expect(rideCount(db)).toBe(THREAD_PAGE_RIDES - 1);
    const big = writer.rides(pack(feed, rides(THREAD_PAGE_RIDES, THREAD_PAGE_RIDES)), false);
    expect(rideCount(db)).toBe(THREAD_PAGE_RIDES - 1);
    await Promise.all([small, big]);
    await writer.close();

    expect(rideCount(db)).toBe(2 * THREAD_PAGE_RIDES - 1);
  });

  it('when the writer is warmed, then its thread starts at once, once, on a database file only, and not once closed', async () => {
    const started: string[] = [];
    const stub = (file: string) => (started.push(file), inProcessWriter(openDatabase(':memory:')));
    const onFile = createIngestWriter(files(1)[0], stub);
    const inMemory = createIngestWriter(openDatabase(':memory:'), stub);
    const closed = createIngestWriter(files(1)[0], stub);
    await closed.close();

    onFile.warm();
    onFile.warm();
    inMemory.warm();
    closed.warm();

    expect(started).toHaveLength(1);
    await onFile.close();
  });

  it('on an in-memory database: every write is in-process, even with more pages to come', async () => {
    const db = openDatabase(':memory:');
    const writer = createIngestWriter(db);

    const write = writer.rides(pack(feedOf(db), [ride(0)]), true);

    expect(rideCount(db)).toBe(1);
    await write;
    await writer.close();
  });

  it('when the thread stops on its own, then the next window of several pages starts another one', async () => {
    const db = files(1)[0];
    const feed = feedOf(db);
    const stops: (() => void)[] = [];
    const connections: Db[] = [];
    // A stand-in thread: the same writes on a second connection, and a way to make it stop.
    const writer = createIngestWriter(db, (file, onEnd) => {
      stops.push(onEnd);
      connections.push(openDatabase(file));
      return inProcessWriter(connections[connections.length - 1]);
    });

    await writer.rides(pack(feed, [ride(0)]), true);
    stops[0]();
    await writer.rides(pack(feed, [ride(1)]), true);

    expect(stops).toHaveLength(2);
    expect(rideCount(db)).toBe(2);
    for (const c of connections) c.close();
  });

  it('when the writer is closed, then later writes are refused and no thread is started', async () => {
    const db = files(1)[0];
    const feed = feedOf(db);
    let started = 0;
    const writer = createIngestWriter(db, (file) => (started++, inProcessWriter(openDatabase(file)))); // never called

    await writer.close();

    await expect(writer.rides(pack(feed, [ride(0)]), true)).rejects.toThrow('El testbed se detuvo antes de terminar esta solicitud');
    await expect(writer.daily([daily('2026-02-10', 1)])).rejects.toThrow('El testbed se detuvo antes de terminar esta solicitud');
    expect([started, rideCount(db)]).toEqual([0, 0]);
  });

  it('when the writer refuses writes (serve stopping), then later writes fail with a 503 saying so, nothing is written, and it still closes', async () => {
    const db = files(1)[0];
    const feed = feedOf(db);
    const writer = createIngestWriter(db);

    writer.refuse();

    const refused = await writer.rides(pack(feed, [ride(0)]), false).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'PLATFORM_UNAVAILABLE', status: 503 });
    await expect(writer.daily([daily('2026-02-10', 1)])).rejects.toThrow('El testbed se detuvo antes de terminar esta solicitud');
    expect(rideCount(db)).toBe(0);
    await writer.close();
  });

  it('when a thread fails to start, then its writes fail with the reason and it reports its end', async () => {
    let ended = 0;
    const writer = threadWriter('/dev/null/api.db', () => ended++);

    await expect(writer.rides(pack(1, [ride(0)]))).rejects.toThrow(/ingest writer (failed|stopped)/);
    await writer.close();
    expect(ended).toBe(1);
  });

  it('when a page holds a status outside the list, then packing it fails instead of storing it as completed', () => {
    expect(() => pack(1, [ride(0, { status: 'finished' as never })])).toThrow('unknown ride status: finished');
  });
});
