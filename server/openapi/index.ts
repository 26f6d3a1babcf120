// What a resource's routes.ts (its operations) and response-schema.ts need, in one import.
export { defineOperation, type Assert, type Equals, type OperationSpec } from './registry.ts';
export { Id, Timestamp, NullableTimestamp, pageOf, dataListOf, LIST_DESCRIPTION } from './schemas.ts';
