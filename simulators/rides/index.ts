import type { SimClock } from '../../server/lib/clock.ts';
import type { SimDb } from '../db.ts';
import type { DueRunner } from '../common/due.ts';
import type { Faults } from '../common/faults.ts';
import { ridesControl } from './control.ts';
import { createRideGenerator } from './generator.ts';
import { platformARideRoutes } from './platform-a-routes.ts';
import { platformBRideRoutes } from './platform-b-routes.ts';
import { createRideReports } from './reports.ts';

/**
 * Rides and daily earnings of both platforms (docs/rides.md): the due tasks that open the days as
 * simulated time passes, each platform's report routes (mounted before that platform's own app,
 * behind the same fault switch) and the control route that backfills a window.
 */
export function createRideSimulation({ db, clock, seed, faults, writeWithoutDue }: {
  db: SimDb;
  clock: SimClock;
  seed: number;
  faults: Faults;
  writeWithoutDue: DueRunner['writeWithoutDue'];
}) {
  const platformA = createRideGenerator({ db, seed, platform: 'platform_a' });
  const platformB = createRideGenerator({ db, seed, platform: 'platform_b' });
  return {
    dueTasks: [platformA.runDue, platformB.runDue],
    platformARoutes: platformARideRoutes({ reports: createRideReports(platformA.store, platformA.planner), clock, faults }),
    platformBRoutes: platformBRideRoutes({ reports: createRideReports(platformB.store, platformB.planner), clock, faults }),
    control: ridesControl({ db, clock, writeWithoutDue, generators: { platform_a: platformA, platform_b: platformB } }),
  };
}
