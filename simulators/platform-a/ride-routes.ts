import { Router } from 'express';
import { z } from 'zod';
import type { FleetClocks } from '../common/fleet-clocks.ts';
import { SimError } from '../common/sim-error.ts';
import type { RideAt } from '../rides/day.ts';
import type { RideCursor, RideReports } from '../rides/reports.ts';
import { sendPackedPage, wantsPackedPage } from '../rides/packed-page.ts';
import { batchReportsHandler, type ReportBodies, type ReportWindow } from '../rides/batch.ts';
import { CursorParam, DateParam, decodeCursor, encodeCursor, LimitParam, pageInstants, MAX_DAILY_WINDOW_DAYS, windowOk } from '../rides/view.ts';

/** platform_a's words for the outcomes. */
const STATUS: Record<RideAt['status'], string> = {
  completed: 'completed', cancelled_rider: 'rider_canceled', cancelled_driver: 'driver_canceled',
  cancelled_support: 'support_canceled', in_progress: 'on_trip', other: 'unknown',
};

const RIDE_COLUMNS = ['id', 'vehicle_external_id', 'driver_external_id', 'status', 'started_at', 'completed_at',
  'distance_m', 'fare_cents', 'tip_cents', 'payout_cents'];
const DAILY_COLUMNS = ['date', 'driver_external_id', 'trips', 'fare_cents', 'payout_cents', 'online_minutes'];

const Window = z.object({ fleet_id: z.string().min(1), from: DateParam, to: DateParam });
const RidesQuery = Window.extend({ starting_after: CursorParam.optional(), limit: LimitParam.default(1_000) });

const badWindow = () =>
  new SimError(400, 'invalid_request', `from must not be after to, and daily reads span at most ${MAX_DAILY_WINDOW_DAYS} days.`);

/** The two report bodies of a fleet as they stand at its now: one route each, and the batch read. */
function platformABodies(reports: RideReports): ReportBodies & { page(w: ReportWindow, nowMs: number, cursor: RideCursor | null, limit: number): unknown } {
  const page = (w: ReportWindow, nowMs: number, cursor: RideCursor | null, limit: number) => {
    const { rides, next } = reports.page(w.fleetId, w.from, w.to, nowMs, cursor, limit);
    const iso = pageInstants();
    return {
      object: 'list', columns: RIDE_COLUMNS, has_more: next !== null, next_cursor: next && encodeCursor(next),
      rows: rides.map(({ id, vehicle, driver, ride: r }) =>
        [id, vehicle, driver, STATUS[r.status], iso(r.startedMs), iso(r.completedMs), r.distanceM, r.gross, r.tip, r.net]),
    };
  };
  return {
    page,
    rides: (w, nowMs, limit) => page(w, nowMs, null, limit),
    daily: (w, nowMs) => ({
      object: 'list', columns: DAILY_COLUMNS,
      rows: reports.daily(w.fleetId, w.from, w.to, nowMs).map((d) => [d.date, d.driver, d.trips, d.gross, d.net, d.onlineMinutes]),
    }),
  };
}

const windowOf = (q: z.infer<typeof Window>): ReportWindow => ({ fleetId: q.fleet_id, from: q.from, to: q.to });

/**
 * platform_a's partner reports: rides and daily earnings of a fleet over a window of service days.
 * Rows travel as compact arrays under `columns` (a page of 25 000 rides is about 2.5 MB instead of
 * 3 MB of repeated keys); amounts are integer centavos, distances metres, online time minutes.
 * The rides route also answers the testbed's binary page (rides/packed-page.ts) to whoever asks for it.
 */
export function platformARideRoutes({ reports, clocks }: { reports: RideReports; clocks: FleetClocks }): Router {
  const router = Router();
  const bodies = platformABodies(reports);

  router.get('/v1/rides', (req, res) => {
    const q = RidesQuery.parse(req.query);
    if (!windowOk(q, null)) throw badWindow();
    const nowMs = clocks.nowFor(q.fleet_id);
    const cursor = decodeCursor(q.starting_after);
    if (wantsPackedPage(req.headers.accept) && sendPackedPage(res, reports.page(q.fleet_id, q.from, q.to, nowMs, cursor, q.limit))) return;
    res.json(bodies.page(windowOf(q), nowMs, cursor, q.limit));
  });

  router.get('/v1/earnings/daily', (req, res) => {
    const q = Window.parse(req.query);
    if (!windowOk(q, MAX_DAILY_WINDOW_DAYS)) throw badWindow();
    res.json(bodies.daily(windowOf(q), clocks.nowFor(q.fleet_id)));
  });

  router.post('/v1/reports/batch', ...batchReportsHandler(clocks, bodies, badWindow));

  return router;
}
