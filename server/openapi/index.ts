// What a resource's openapi.ts and response-schema.ts need, in one import.
export { defineOperation, type Assert, type Equals, type OperationSpec } from './registry.ts';
export { Id, Timestamp, NullableTimestamp, pageOf, dataListOf, LIST_DESCRIPTION } from './schemas.ts';
