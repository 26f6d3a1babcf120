import express, { type Express } from 'express';
import type { SimClock } from '../server/lib/clock.ts';
import { createSeededIds } from '../server/lib/ids.ts';
import type { SimDb } from './db.ts';
import { createControlRouter } from './common/control.ts';
import { stateControl } from './common/state-control.ts';
import { fleetControl } from './common/fleet-control.ts';
import { fleetSnapshotsControl } from './common/fleet-snapshots.ts';
import { fleetChangesControl } from './common/fleet-changes.ts';
import { createDueRunner } from './common/due.ts';
import { createFleetClocks } from './common/fleet-clocks.ts';
import { Faults } from './common/faults.ts';
import { createPlatformAApp } from './platform-a/app.ts';
import { platformAControl } from './platform-a/control.ts';
import { createPlatformAState } from './platform-a/state.ts';
import { createPlatformBApp } from './platform-b/app.ts';
import { platformBControl } from './platform-b/control.ts';
import { createPlatformBState } from './platform-b/state.ts';
import { createRideSimulation } from './rides/index.ts';
import { markLongWork } from './common/long-work.ts';

function tryRun(run: (nowMs: number) => void, nowMs: number): void {
  try {
    run(nowMs);
  } catch {
    // Nothing to answer to: the response has gone. The next request runs the same work again.
  }
}

const HEALTH_PATH = '/_control/health';

export interface SimulatorsDeps {
  db: SimDb;
  /** Service time, as the API pushes it; each fleet's own offset is kept beside it (fleet-clocks.ts). */
  clock: SimClock;
  seed: number;
  /** The file the fleets' snapshots are kept in (common/fleet-snapshots.ts); none: a temporary database. */
  vaultFile?: string;
  /** Where the marks of long work go (common/long-work.ts): serve's probe reads them on stdout (main.ts). */
  markLine?: (line: string) => void;
}

/**
 * Both simulated platforms and their control surface in one express app: `/platform-a/...`,
 * `/platform-b/...`, `/_control/...`. Never reads the environment nor listens (see main.ts).
 */
export function createSimulatorsApp({ db, clock, seed, vaultFile, markLine }: SimulatorsDeps): Express {
  const ids = createSeededIds(db, seed);
  const clocks = createFleetClocks(db, clock);
  const platformA = createPlatformAState({ db, clocks, seed, ids });
  const platformB = createPlatformBState({ db, clocks, ids });
  const faults = new Faults();
  // Late-bound: the runner needs the rides' tasks, the backfill needs the runner.
  const rides = createRideSimulation({ db, clocks, seed, writeWithoutDue: (nowMs, write) => runDue.writeWithoutDue(nowMs, write) });
  // Every piece of simulated work that falls due with time is listed here, in the order it must run:
  // rides come after platform_a's reviews and answers, so a vehicle approved in the interval drives.
  const runDue = createDueRunner(db, clocks.at, [platformA.runDue, ...rides.dueTasks]);

  const app = express();
  app.disable('x-powered-by');
  // No ETag: a partner report is read once, and hashing a 3 MB page of rides costs the simulators time.
  app.set('etag', false);
  // First: the due work run below belongs to the long request's time too.
  if (markLine) app.use(markLongWork(markLine));
  // Lazily bring the world up to the simulated now before any request looks at it.
  app.use((req, res, next) => {
    // The health probe does no simulated work: a companion catching up must still answer it (busy is not hung).
    if (req.path === HEALTH_PATH) return next();
    runDue(clock.nowMs());
    // After a change (a vehicle removed, a driver unbound) too: that vehicle's rides stop at that
    // instant, not at the next request. A failure here is retried by the next request's run.
    if (req.method !== 'GET') res.on('finish', () => void tryRun(runDue, clock.nowMs()));
    next();
  });
  app.use('/platform-a', createPlatformAApp({ state: platformA, rideReports: rides.platformARoutes, faults }));
  app.use('/platform-b', createPlatformBApp({ state: platformB, rideReports: rides.platformBRoutes, faults }));
  const fleetSnapshots = fleetSnapshotsControl({ db, clocks, vaultFile });
  app.use(
    '/_control',
    createControlRouter({
      db, clocks, faults, runDue,
      platformControls: [
        platformAControl(platformA, db), platformBControl(platformB, db), rides.control, fleetSnapshots.router, fleetChangesControl(db),
        stateControl({ db, clock, onRestored: [fleetSnapshots.forgetAll] }),
        // A fleet deleted is never held again (fleet-control.ts), and its snapshots go with it.
        fleetControl({ db, due: runDue, onDeleted: [fleetSnapshots.forgetFleet] }),
      ],
    }),
  );
  app.use((_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'Try /platform-a, /platform-b or /_control.' } });
  });
  return app;
}
