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
import { createWorldService } from './snapshots/service.ts';
import { createCoverageService } from './coverage/service.ts';

/**
 * Every service of the API, built once from the deps, plus the background sync that keeps stored
 * state current with the platforms. Routes, the testbed control surface and the CLI share them.
 */
export function createServices(deps: Deps) {
  // Each service is built here once and handed to those that use it: one with state (the binding
  // call queue) must never split into two copies.
  // Every writer of a state of spec §3 counts its transitions through this one recorder.
  const coverage = createCoverageService(deps);
  const vehicles = createVehicleService(deps, { coverage });
  const registrations = createRegistrationService(deps, { vehicles, coverage });
  const invitations = createInvitationService(deps, { coverage });
  const bindings = createBindingService(deps, { coverage });
  const assignments = createAssignmentService(deps, { bindings, coverage });
  const sync = createSyncRunner(deps.logger, [{ name: 'registrations', run: () => registrations.syncPending() }]);
  // After the registrations: a vehicle approved or a driver accepted in this run is bound in the same run.
  sync.add({ name: 'invitations', run: () => invitations.syncOpen() });
  sync.add({ name: 'bindings', run: () => bindings.syncDue() });
  // Last: rides of vehicles approved or bound in this run are read in the same run.
  const rideIngestion = createRideIngestion(deps);
  sync.add({ name: 'rides', run: () => rideIngestion.syncDue() });
  const jobs = createJobService(deps, { registrations, invitations, coverage });
  const gate = createWorldGate();
  return {
    tenants: createTenantService(deps),
    vehicles,
    drivers: createDriverService(deps, { assignments }),
    assignments,
    registrations,
    documents: createDocumentService(deps, { vehicles, coverage }),
    invitations,
    bindings,
    sync,
    rides: createRideService(deps),
    earnings: createEarningsService(deps),
    rideIngestion,
    jobs,
    gate,
    world: createWorldService(deps, { gate, sync, jobs }),
    coverage,
  };
}

export type Services = ReturnType<typeof createServices>;
