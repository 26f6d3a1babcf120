import { Router } from 'express';
import { z } from 'zod';
import type { FleetClocks } from '../common/fleet-clocks.ts';
import { SimError } from '../common/sim-error.ts';
import type { RideAt } from '../rides/day.ts';
import type { RideReports } from '../rides/reports.ts';
import { CursorParam, DateParam, decodeCursor, encodeCursor, iso, LimitParam, MAX_DAILY_WINDOW_DAYS, windowOk } from '../rides/view.ts';

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

/**
 * platform_b's partner reports (its v2): rides and daily earnings of a fleet. Rows are arrays under
 * `meta.fields`; amounts are decimal MXN strings that may change for 16 days after the service day
 * (settling.ts), distances km, online time hours. Partners are expected to read recent days again.
 */
export function platformBRideRoutes({ reports, clocks }: { reports: RideReports; clocks: FleetClocks }): Router {
  const router = Router();

  router.get('/api/v2/rides', (req, res) => {
    const q = RidesQuery.parse(req.query);
    if (!windowOk(q, null)) throw badWindow();
    const { rides, next } = reports.page(q.fleetId, q.from, q.to, clocks.nowFor(q.fleetId), decodeCursor(q.cursor), q.limit);
    res.json({
      meta: { fields: RIDE_FIELDS, nextCursor: next && encodeCursor(next) },
      data: rides.map(({ id, vehicle, driver, ride: r }) => {
        const km = r.distanceM === null ? null : decimal(Math.round(r.distanceM / 10));
        return [id, vehicle, driver, STATE[r.status], iso(r.startedMs), iso(r.completedMs), km, decimal(r.gross), decimal(r.tip), decimal(r.net)];
      }),
    });
  });

  router.get('/api/v2/earnings/daily', (req, res) => {
    const q = Window.parse(req.query);
    if (!windowOk(q, MAX_DAILY_WINDOW_DAYS)) throw badWindow();
    const rows = reports.daily(q.fleetId, q.from, q.to, clocks.nowFor(q.fleetId));
    res.json({
      meta: { fields: DAILY_FIELDS },
      data: rows.map((d) => [d.date, d.driver, d.trips, decimal(d.gross), decimal(d.net), decimal(Math.round((d.onlineMinutes * 100) / 60))]),
    });
  });

  return router;
}
