import { keySalt, noteKeySalt } from './auth/key-salt.ts';
import { noteSeed } from './lib/serve-seed.ts';
import type { Deps } from './deps.ts';
import { createAssignmentService } from './assignments/service.ts';
import { createDriverService } from './drivers/service.ts';
import { createInvitationService } from './invitations/service.ts';
import { createJobService } from './jobs/service.ts';
import { createBindingService } from './bindings/service.ts';
import { createRegistrationService } from './registrations/service.ts';
import { createDocumentService } from './documents/service.ts';
import { createSyncRunner } from './sync/runner.ts';
import { createTenantService } from './tenants/service.ts';
import { createVehicleService } from './vehicles/service.ts';
import { createRideIngestion } from './ingestion/ingest.ts';
import { createRideService } from './rides/service.ts';
import { createEarningsService } from './earnings/service.ts';
import { createWorldGate } from './snapshots/world-gate.ts';
import { createWorldService, type Replacement } from './snapshots/service.ts';
import { createCoverageService } from './coverage/service.ts';
import { createUniqueValues } from './fixtures/unique.ts';
import { createFixtureService } from './fixtures/service.ts';
import { createTenantGates } from './world-snapshots/tenant-gate.ts';
import { createWorldSnapshots } from './world-snapshots/service.ts';
import { createJournalService } from './journal/service.ts';
import { createFaultService } from './faults/service.ts';
import { withWorldFaultsOnPlatforms } from './faults/platform-faults.ts';
import { createRideGenerator, type GenerateBody } from './ingestion/generate.ts';
import { createPlatformView } from './platforms/view.ts';
import { createWorldDeletion } from './tenants/deletion.ts';

/**
 * Every service of the API, built once from the deps, plus the background sync that keeps stored
 * state current with the platforms. Routes, the testbed control surface and the CLI share them.
 */
export function createServices(apiDeps: Deps) {
  // A world's own platform faults stand between every service and the platform clients.
  const faults = createFaultService(apiDeps);
  const deps = withWorldFaultsOnPlatforms(apiDeps, faults);
  // Each service is built here once and handed to those that use it: one with state (the binding
  // call queue) must never split into two copies.
  // Every writer of a state of spec §3 counts its transitions through this one recorder.
  const coverage = createCoverageService(deps);
  const vehicles = createVehicleService(deps, { coverage });
  const registrations = createRegistrationService(deps, { vehicles, coverage });
  const invitations = createInvitationService(deps, { coverage });
  const bindings = createBindingService(deps, { coverage });
  const assignments = createAssignmentService(deps, { bindings, coverage });
  // Each task does every world's due work, or one world's when given its tenant (an advance of its clock).
  // The background run reads platform records only in the worlds whose records the companion wrote since (runner.ts).
  const changedWorlds = (since: number) => deps.simulators.changedFleets(since);
  const sync = createSyncRunner(deps.logger, [
    { name: 'registrations', run: (tenantId, _background, reading) => registrations.syncPending(tenantId, reading), changedWorldsOnly: true, readsWorldByWorld: true },
  ], changedWorlds, deps.realNowMs);
  // After the registrations: a vehicle approved or a driver accepted in this run is bound in the same run.
  sync.add({ name: 'invitations', run: (tenantId, _background, reading) => invitations.syncOpen(tenantId, reading), changedWorldsOnly: true, readsWorldByWorld: true });
  // What this API owes the platforms is its own state: every run, every world.
  sync.add({ name: 'bindings', run: (tenantId, _background, reading) => bindings.syncDue(tenantId, reading), readsWorldByWorld: true });
  sync.add({ name: 'bindings held', run: (tenantId, _background, reading) => bindings.reconcile(tenantId, reading), changedWorldsOnly: true, readsWorldByWorld: true });
  // Last: rides of vehicles approved or bound in this run are read in the same run.
  // A world with a platform fault of its own is read alone, through that fault (batch-read.ts).
  const rideIngestion = createRideIngestion(deps, { hasWorldFault: (tenantId, platform) => faults.platformFault(tenantId, platform) !== undefined });
  sync.add({ name: 'rides', run: (tenantId, background, reading) => rideIngestion.syncDue(tenantId, background, reading), readsWorldByWorld: true });
  const jobs = createJobService(deps, { registrations, invitations, coverage });
  const gate = createWorldGate();
  const tenants = createTenantService(deps);
  const world = createWorldService(deps, { gate, sync, jobs });
  const drivers = createDriverService(deps, { assignments, invitations });
  const documents = createDocumentService(deps, { vehicles, coverage });
  const unique = createUniqueValues(deps.db, deps.seed);
  const generateRides = createRideGenerator(deps, rideIngestion);
  const tenantGates = createTenantGates();
  const fixtureServices = { vehicles, drivers, registrations, documents, invitations, assignments, generateRides, rideIngestion, sync, tenantGates };
  const worldSnapshots = createWorldSnapshots(deps, {
    gates: tenantGates, sync, jobs, reads: rideIngestion.reads, generateRides, readRides: (tenantId) => rideIngestion.syncDue(tenantId),
  });
  world.onReplaced(() => worldSnapshots.forgetAll());
  // The counters put back are another database's: the CLI must still draw ids and keys as this serve does.
  world.onReplaced(() => (noteKeySalt(deps.db, keySalt(deps.controlToken)), noteSeed(deps.db, deps.seed)));
  // A request a delay rule held while every world was replaced is refused when its delay ends.
  world.onReplaced(() => tenantGates.overtakeHeld());
  const journal = createJournalService(deps, { catalog: faults.catalog });
  // After a whole restore, the rule and entry ids of a world still there go on from where they were
  // (never given twice while it lives); a reset is a new data dir, where they start again.
  const stillThere = (how: Replacement) => (tenantId: string) => how === 'restore' && tenants.store.getTenant(tenantId) !== undefined;
  world.onReplaced((how) => journal.forgetAll(stillThere(how), how === 'reset'));
  world.onReplaced(sync.forgetChanges);
  world.onReplaced(rideIngestion.forgetReads);
  // Reset and a whole-testbed restore bring back a state in which no world has faults.
  world.onReplaced((how) => faults.clearAll(stillThere(how), how === 'reset'));
  return {
    tenants,
    vehicles,
    drivers,
    assignments,
    registrations,
    documents,
    invitations,
    bindings,
    sync,
    rides: createRideService(deps),
    earnings: createEarningsService(deps),
    rideIngestion,
    jobs,
    gate,
    world,
    coverage,
    faults,
    journal,
    // What the control API and the dashboard do to worlds beyond the partner API's services.
    worldDeletion: createWorldDeletion(deps, { store: tenants.store, gates: tenantGates, sync, jobs, onDeleted: [faults.forget, journal.forget, worldSnapshots.forget] }),
    generateRides,
    // The control API's and the dashboard's: after a deletion or rewind of that world under way, which
    // waits for it in turn (a fixture generates its world's rides with the gate its build holds).
    // `seen`: the world's generation the work began on (world-generation.ts), checked once its gate is held.
    generateWorldRides: (body: GenerateBody, seen?: string) => tenantGates.during(body.tenantId, async () => {
      const worldGeneration = worldSnapshots.checkGeneration(body.tenantId, seen);
      return { ...(await generateRides(body)), worldGeneration };
    }),
    platformView: createPlatformView(deps),
    tenantGates,
    worldSnapshots,
    unique,
    fixtures: createFixtureService(deps, fixtureServices, unique),
  };
}

export type Services = ReturnType<typeof createServices>;
