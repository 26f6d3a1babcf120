import type { SimDb } from '../db.ts';
import type { DueRunner } from '../common/due.ts';
import type { FleetClocks } from '../common/fleet-clocks.ts';
import { ridesControl } from './control.ts';
import { createRideGenerator } from './generator.ts';
import { platformARideRoutes } from '../platform-a/ride-routes.ts';
import { platformBRideRoutes } from '../platform-b/ride-routes.ts';
import { createRideReports } from './reports.ts';

/**
 * Rides and daily earnings of both platforms (docs/rides.md): the due tasks that open the days as
 * simulated time passes, each platform's report routes (mounted by that platform's app, behind its
 * fault switch) and the control route that backfills a window.
 */
export function createRideSimulation({ db, clocks, seed, writeWithoutDue }: {
  db: SimDb;
  clocks: FleetClocks;
  seed: number;
  writeWithoutDue: DueRunner['writeWithoutDue'];
}) {
  const platformA = createRideGenerator({ db, seed, platform: 'platform_a' });
  const platformB = createRideGenerator({ db, seed, platform: 'platform_b' });
  return {
    dueTasks: [platformA.runDue, platformB.runDue],
    platformARoutes: platformARideRoutes({ reports: createRideReports(platformA.store, platformA.planner), clocks }),
    platformBRoutes: platformBRideRoutes({ reports: createRideReports(platformB.store, platformB.planner), clocks }),
    control: ridesControl({ db, clocks, writeWithoutDue, generators: { platform_a: platformA, platform_b: platformB } }),
  };
}
