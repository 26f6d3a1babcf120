import { z } from 'zod';
import { mustBe } from '../common/schemas.ts';
import { PageParams } from '../http/pagination.ts';

/** Ids are stored lower-case; an upper-case UUID names the same resource. */
export const IdField = (field: string) => z.uuid({ error: mustBe(field, 'un UUID') }).transform((s) => s.toLowerCase());

export const CreateAssignment = z.object({
  vehicleId: IdField('vehicleId'),
  driverId: IdField('driverId'),
});
export type CreateAssignment = z.infer<typeof CreateAssignment>;

export const ListAssignmentsQuery = PageParams.extend({
  vehicleId: IdField('vehicleId').optional(),
  driverId: IdField('driverId').optional(),
  status: z.enum(['active', 'ended'], { error: 'status debe ser active o ended' }).optional(),
});
