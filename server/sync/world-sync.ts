import type { Deps } from '../deps.ts';
import type { Services } from '../services.ts';
import { requireTenant } from '../clock/service.ts';
import type { SyncFailure } from './runner.ts';

/**
 * One world's sync alone, as its advance runs it: one of its requests (its gate: after a restore or
 * deletion of it under way), reading its records and rides only, so another world's slow platform
 * does not hold it. The control API's `?tenant=` and the dashboard's actions on a world.
 */
export function syncWorld(deps: Deps, services: Pick<Services, 'tenantGates' | 'sync'>, tenantId: string): Promise<SyncFailure[]> {
  return services.tenantGates.during(tenantId, () => (requireTenant(deps, tenantId), services.sync.runDue(tenantId)));
}
