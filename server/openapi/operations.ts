import { accountOperations } from '../account/openapi.ts';
import { assignmentOperations } from '../assignments/openapi.ts';
import { catalogOperations } from '../catalog/openapi.ts';
import { driverOperations } from '../drivers/openapi.ts';
import { invitationOperations } from '../invitations/openapi.ts';
import { vehicleOperations } from '../vehicles/openapi.ts';
import { jobOperations } from '../jobs/openapi.ts';
import { registrationOperations } from '../registrations/openapi.ts';
import { documentOperations } from '../documents/openapi.ts';
import { rideOperations } from '../rides/openapi.ts';
import { earningsOperations } from '../earnings/openapi.ts';
import type { OperationSpec } from './registry.ts';

/**
 * Every operation of the API, in the order the document lists them. A new resource adds its
 * `server/<resource>/openapi.ts` list here; the test suite fails while a served route is missing.
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
