import { clockControl } from '../clock/control.ts';
import { coverageControl } from '../coverage/control.ts';
import { faultsControl } from '../faults/control.ts';
import { ridesControl } from '../ingestion/control.ts';
import { jobsControl } from '../jobs/control.ts';
import { journalControl } from '../journal/control.ts';
import { platformsControl } from '../platforms/control.ts';
import { snapshotsControl } from '../snapshots/control.ts';
import { syncControl } from '../sync/control.ts';
import { tenantsControl } from '../tenants/control.ts';
import { worldSnapshotsControl } from '../world-snapshots/control.ts';
import { uniqueValuesControl } from '../fixtures/control.ts';
import type { ControlCapability } from './define.ts';

/**
 * Every capability of the control API, in the order the document lists them. The control router
 * serves exactly these (register.ts) and the document describes exactly these (document.ts): a new
 * capability writes its `control.ts` beside its service and adds one line here.
 */
export const CONTROL_CAPABILITIES: readonly ControlCapability[] = [
  tenantsControl,
  clockControl,
  snapshotsControl,
  worldSnapshotsControl,
  uniqueValuesControl,
  platformsControl,
  ridesControl,
  syncControl,
  coverageControl,
  jobsControl,
  faultsControl,
  journalControl,
];

export const CONTROL_OPERATIONS = CONTROL_CAPABILITIES.flatMap((capability) => capability.operations);
