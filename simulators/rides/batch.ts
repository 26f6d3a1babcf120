import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import type { FleetClocks } from '../common/fleet-clocks.ts';
import type { SimError } from '../common/sim-error.ts';
import { DateParam, LimitParam, MAX_DAILY_WINDOW_DAYS, windowOk } from './view.ts';

/** Fleets in one batch read: an answer stays small, and a service-wide catch-up takes a few calls. */
export const MAX_BATCH_FLEETS = 100;

export interface ReportWindow {
  fleetId: string;
  from: string;
  to: string;
}

/** A platform's two report bodies, exactly as its per-fleet routes answer them. */
export interface ReportBodies {
  rides(w: ReportWindow, nowMs: number, limit: number): unknown;
  daily(w: ReportWindow, nowMs: number): unknown;
}

const Batch = z.object({
  windows: z.array(z.object({ fleetId: z.string().min(1), from: DateParam, to: DateParam })).min(1).max(MAX_BATCH_FLEETS),
  limit: LimitParam.default(1_000),
});

/**
 * A testbed extension, not a real platform's (docs/rides.md): the daily rows and the first page of
 * rides of many fleets in one call, each at its own now, each body the same as the per-fleet routes'.
 * The API reads every world's recent days this way after a service-wide advance: one call per world
 * was most of that advance's cost with a thousand worlds (docs/performance.md). Behind the platform's
 * fault switch like its other reports, so an outage fails it too.
 */
export function batchReportsHandler(clocks: FleetClocks, bodies: ReportBodies, badWindow: () => SimError): RequestHandler[] {
  return [express.json(), (req, res) => {
    const q = Batch.parse(req.body);
    if (!q.windows.every((w) => windowOk(w, MAX_DAILY_WINDOW_DAYS))) throw badWindow();
    res.json({
      reports: q.windows.map((w) => {
        const nowMs = clocks.nowFor(w.fleetId);
        return { fleetId: w.fleetId, daily: bodies.daily(w, nowMs), rides: bodies.rides(w, nowMs, q.limit) };
      }),
    });
  }];
}
