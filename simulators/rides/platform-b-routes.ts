import { Router } from 'express';
import { z } from 'zod';
import type { SimClock } from '../../server/lib/clock.ts';
import { faultGate, type Faults } from '../common/faults.ts';
import { SimError } from '../common/sim-error.ts';
import { platformBErrorHandler, sendOutage } from '../platform-b/errors.ts';
import type { RideGenerator } from './generator.ts';
import { checkWindow, DateParam, decodeCursor, encodeCursor, LimitParam, MAX_DAILY_WINDOW_DAYS, rideAt, type RideAt } from './view.ts';

/** platform_b's words for the outcomes. */
const STATE: Record<RideAt['status'], string> = {
  completed: 'COMPLETED', cancelled_rider: 'CANCELLED_BY_PASSENGER', cancelled_driver: 'CANCELLED_BY_DRIVER',
  cancelled_support: 'CANCELLED_BY_SUPPORT', in_progress: 'ONGOING', other: 'OTHER',
};

const RIDE_FIELDS = ['id', 'vehicleExternalId', 'driverExternalId', 'state', 'startTime', 'endTime', 'distanceKm',
  'grossAmount', 'tipAmount', 'netAmount'];
const DAILY_FIELDS = ['date', 'driverExternalId', 'trips', 'grossAmount', 'netAmount', 'onlineHours'];

const Window = z.object({ fleetId: z.string().min(1), from: DateParam, to: DateParam });
const RidesQuery = Window.extend({
  cursor: z.string().refine((c) => decodeCursor(c) !== null, 'unknown cursor').optional(),
  limit: LimitParam.default(1_000),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** Hundredths as a two-place decimal string; exact, since k/100 is the double nearest to it. */
const decimal = (hundredths: number | null) => (hundredths === null ? null : (hundredths / 100).toFixed(2));
const badWindow = () =>
  new SimError(400, 'invalid-payload', `from must not be after to; daily earnings span at most ${MAX_DAILY_WINDOW_DAYS} days.`);

/**
 * platform_b's partner reports (v2): rides and daily earnings of a fleet. Rows are arrays under
 * `meta.fields`; amounts are decimal MXN strings and may change for 16 days after the service day
 * (settling.ts), distances km, online time hours. The partner is expected to read recent days again.
 */
export function platformBRideRoutes({ generator, clock, faults }: { generator: RideGenerator; clock: SimClock; faults: Faults }): Router {
  const router = Router();
  const gate = faultGate(faults, 'platform_b', sendOutage);

  router.get('/api/v2/rides', gate, (req, res) => {
    const q = RidesQuery.parse(req.query);
    if (!checkWindow(q, null)) throw badWindow();
    const now = clock.nowMs();
    const rows = generator.store.page(q.fleetId, q.from, q.to, now, decodeCursor(q.cursor), q.limit + 1);
    const page = rows.slice(0, q.limit);
    const nextCursor = rows.length > q.limit ? encodeCursor(page[page.length - 1]) : null;
    res.json({
      meta: { fields: RIDE_FIELDS, nextCursor },
      data: page.map((row) => {
        const r = rideAt(row, now);
        const km = r.distanceM === null ? null : decimal(Math.round(r.distanceM / 10));
        return [r.id, r.vehicle, r.driver, STATE[r.status], iso(r.startedMs), iso(r.completedMs), km, decimal(r.gross), decimal(r.tip), decimal(r.net)];
      }),
    });
  });

  router.get('/api/v2/earnings/daily', gate, (req, res) => {
    const q = Window.parse(req.query);
    if (!checkWindow(q, MAX_DAILY_WINDOW_DAYS)) throw badWindow();
    const rows = generator.store.daily(q.fleetId, q.from, q.to, clock.nowMs());
    res.json({
      meta: { fields: DAILY_FIELDS },
      data: rows.map((d) => [d.date, d.driver, d.trips, decimal(d.gross), decimal(d.net), decimal(Math.round((d.onlineMinutes * 100) / 60))]),
    });
  });

  router.use(platformBErrorHandler);
  return router;
}
