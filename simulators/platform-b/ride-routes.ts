import { Router } from 'express';
import { z } from 'zod';
import type { FleetClocks } from '../common/fleet-clocks.ts';
import { SimError } from '../common/sim-error.ts';
import type { RideAt } from '../rides/day.ts';
import type { RideCursor, RideReports } from '../rides/reports.ts';
import { sendPackedPage, wantsPackedPage } from '../rides/packed-page.ts';
import { batchReportsHandler, type ReportBodies, type ReportWindow } from '../rides/batch.ts';
import { CursorParam, DateParam, decodeCursor, encodeCursor, LimitParam, pageInstants, MAX_DAILY_WINDOW_DAYS, windowOk } from '../rides/view.ts';

/** platform_b's words for the outcomes. */
const STATE: Record<RideAt['status'], string> = {
  completed: 'COMPLETED', cancelled_rider: 'CANCELLED_BY_PASSENGER', cancelled_driver: 'CANCELLED_BY_DRIVER',
  cancelled_support: 'CANCELLED_BY_SUPPORT', in_progress: 'ONGOING', other: 'OTHER',
};

const RIDE_FIELDS = ['id', 'vehicleExternalId', 'driverExternalId', 'state', 'startTime', 'endTime', 'distanceKm',
  'grossAmount', 'tipAmount', 'netAmount'];
const DAILY_FIELDS = ['date', 'driverExternalId', 'trips', 'grossAmount', 'netAmount', 'onlineHours'];

const Window = z.object({ fleetId: z.string().min(1), from: DateParam, to: DateParam });
const RidesQuery = Window.extend({ cursor: CursorParam.optional(), limit: LimitParam.default(1_000) });

/** Hundredths as a two-place decimal string; exact, since k/100 is the double nearest to it. */
const decimal = (hundredths: number | null) => (hundredths === null ? null : (hundredths / 100).toFixed(2));
const badWindow = () =>
  new SimError(400, 'invalid-payload', `from must not be after to; daily earnings span at most ${MAX_DAILY_WINDOW_DAYS} days.`);

/** The two report bodies of a fleet as they stand at its now: one route each, and the batch read. */
function platformBBodies(reports: RideReports): ReportBodies & { page(w: ReportWindow, nowMs: number, cursor: RideCursor | null, limit: number): unknown } {
  const page = (w: ReportWindow, nowMs: number, cursor: RideCursor | null, limit: number) => {
    const { rides, next } = reports.page(w.fleetId, w.from, w.to, nowMs, cursor, limit);
    const iso = pageInstants();
    return {
      meta: { fields: RIDE_FIELDS, nextCursor: next && encodeCursor(next) },
      data: rides.map(({ id, vehicle, driver, ride: r }) => {
        const km = r.distanceM === null ? null : decimal(Math.round(r.distanceM / 10));
        return [id, vehicle, driver, STATE[r.status], iso(r.startedMs), iso(r.completedMs), km, decimal(r.gross), decimal(r.tip), decimal(r.net)];
      }),
    };
  };
  return {
    page,
    rides: (w, nowMs, limit) => page(w, nowMs, null, limit),
    daily: (w, nowMs) => ({
      meta: { fields: DAILY_FIELDS },
      data: reports.daily(w.fleetId, w.from, w.to, nowMs)
        .map((d) => [d.date, d.driver, d.trips, decimal(d.gross), decimal(d.net), decimal(Math.round((d.onlineMinutes * 100) / 60))]),
    }),
  };
}

/**
 * platform_b's partner reports (its v2): rides and daily earnings of a fleet. Rows are arrays under
 * `meta.fields`; amounts are decimal MXN strings that may change for 16 days after the service day
 * (settling.ts), distances km, online time hours. Partners are expected to read recent days again.
 * The rides route also answers the testbed's binary page (rides/packed-page.ts) to whoever asks for it.
 */
export function platformBRideRoutes({ reports, clocks }: { reports: RideReports; clocks: FleetClocks }): Router {
  const router = Router();
  const bodies = platformBBodies(reports);

  router.get('/api/v2/rides', (req, res) => {
    const q = RidesQuery.parse(req.query);
    if (!windowOk(q, null)) throw badWindow();
    const nowMs = clocks.nowFor(q.fleetId);
    const cursor = decodeCursor(q.cursor);
    if (wantsPackedPage(req.headers.accept) && sendPackedPage(res, reports.page(q.fleetId, q.from, q.to, nowMs, cursor, q.limit))) return;
    res.json(bodies.page(q, nowMs, cursor, q.limit));
  });

  router.get('/api/v2/earnings/daily', (req, res) => {
    const q = Window.parse(req.query);
    if (!windowOk(q, MAX_DAILY_WINDOW_DAYS)) throw badWindow();
    res.json(bodies.daily(q, clocks.nowFor(q.fleetId)));
  });

  router.post('/api/v2/reports/batch', ...batchReportsHandler(clocks, bodies, badWindow));

  return router;
}
