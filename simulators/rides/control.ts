import { Router } from 'express';
import { z } from 'zod';
import type { SimDb } from '../db.ts';
import type { DueRunner } from '../common/due.ts';
import type { FleetClocks } from '../common/fleet-clocks.ts';
import { SimError } from '../common/sim-error.ts';
import { daysBetween } from '../../server/lib/mexico-city.ts';
import type { BackfillCounts, RideGenerator } from './generator.ts';
import { DateParam } from './view.ts';

/** A year (leap or not) per call; the CLI cuts longer windows into calls and shows progress. */
export const MAX_GENERATE_DAYS = 366;

const GenerateBody = z.object({ fleetId: z.string().min(1), from: DateParam, to: DateParam });

/**
 * `POST /_control/rides/generate`: both platforms backfill the missing days of a window for the
 * fleet's current vehicles and drivers (generator.ts), in one transaction, and report what they wrote.
 */
export function ridesControl({ db, clocks, writeWithoutDue, generators }: {
  db: SimDb;
  clocks: FleetClocks;
  writeWithoutDue: DueRunner['writeWithoutDue'];
  generators: { platform_a: RideGenerator; platform_b: RideGenerator };
}): Router {
  const router = Router();
  const generate = db.transaction((fleetId: string, from: string, to: string, nowMs: number) => ({
    platform_a: generators.platform_a.backfill(fleetId, from, to, nowMs),
    platform_b: generators.platform_b.backfill(fleetId, from, to, nowMs),
  }));

  router.post('/rides/generate', (req, res) => {
    const body = GenerateBody.parse(req.body ?? {});
    const span = daysBetween(body.from, body.to);
    if (span < 0 || span >= MAX_GENERATE_DAYS) {
      throw new SimError(400, 'invalid_request', `from must not be after to, and a call spans at most ${MAX_GENERATE_DAYS} days.`);
    }
    const serviceMs = clocks.service.nowMs();
    const nowMs = clocks.at(serviceMs).of(body.fleetId);
    // The backfill writes only days before today (today's is open already) of vehicles that the due
    // run before this request brought up to today: nothing falls due from them, so the runs after
    // this request (its own, then the next page's) need not read every vehicle's days again (~0.1 s
    // a call with 500 vehicles).
    const counts: Record<string, BackfillCounts> = writeWithoutDue(serviceMs, () => generate(body.fleetId, body.from, body.to, nowMs));
    res.json({ fleetId: body.fleetId, from: body.from, to: body.to, platforms: counts });
  });

  return router;
}
