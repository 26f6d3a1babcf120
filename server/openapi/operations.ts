import { accountOperations } from '../account/routes.ts';
import { assignmentOperations } from '../assignments/routes.ts';
import { catalogOperations } from '../catalog/routes.ts';
import { driverOperations } from '../drivers/routes.ts';
import { invitationOperations } from '../invitations/routes.ts';
import { vehicleOperations } from '../vehicles/routes.ts';
import { jobOperations } from '../jobs/routes.ts';
import { registrationOperations } from '../registrations/routes.ts';
import { documentOperations } from '../documents/routes.ts';
import { rideOperations } from '../rides/routes.ts';
import { earningsOperations } from '../earnings/routes.ts';
import type { OperationSpec } from './registry.ts';

/**
 * Every operation of the API, in the order the document lists them. The app serves exactly these
 * (http/v1-routes.ts) and the document describes exactly these (document.ts): a new resource adds
 * its list here, and nothing else.
 */
export const OPERATIONS: readonly OperationSpec[] = [
  ...accountOperations,
  ...catalogOperations,
  ...vehicleOperations,
  ...registrationOperations,
  ...documentOperations,
  ...driverOperations,
  ...invitationOperations,
  ...assignmentOperations,
  ...jobOperations,
  ...rideOperations,
  ...earningsOperations,
];
