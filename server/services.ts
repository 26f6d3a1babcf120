import type { Deps } from './deps.ts';
import { createAssignmentService } from './assignments/service.ts';
import { createDriverService } from './drivers/service.ts';
import { createRegistrationService } from './registrations/service.ts';
import { createDocumentService } from './documents/service.ts';
import { createSyncRunner } from './sync/runner.ts';
import { createTenantService } from './tenants/service.ts';
import { createVehicleService } from './vehicles/service.ts';

/**
 * Every service of the API, built once from the deps, plus the background sync that keeps stored
 * state current with the platforms. Routes, the testbed control surface and the CLI share them.
 */
export function createServices(deps: Deps) {
  const registrations = createRegistrationService(deps);
  const sync = createSyncRunner(deps.logger, [{ name: 'registrations', run: () => registrations.syncPending() }]);
  return {
    tenants: createTenantService(deps),
    vehicles: createVehicleService(deps),
    drivers: createDriverService(deps),
    assignments: createAssignmentService(deps),
    registrations,
    documents: createDocumentService(deps),
    sync,
  };
}

export type Services = ReturnType<typeof createServices>;
