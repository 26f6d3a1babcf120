import { z } from 'zod';
import { mustBe, Platform } from '../common/schemas.ts';

/** Spec §8: 1..500 ids per request. */
export const MAX_BATCH_IDS = 500;

/**
 * The limit applies to the ids as sent; repeated ids (in any letter case) are then run once, and
 * `total` counts distinct eligible ids (docs/jobs.md).
 */
const BatchIds = (field: string) =>
  z
    .array(z.uuid(`cada elemento de ${field} debe ser un UUID`), { error: mustBe(field, 'una lista de UUID') })
    .min(1, `${field} debe tener al menos 1 id`)
    .max(MAX_BATCH_IDS, `${field} debe tener como máximo ${MAX_BATCH_IDS} ids`)
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

export const VehicleRegistrationsBatch = z.object({ platform: Platform, vehicleIds: BatchIds('vehicleIds') });
export const DriverInvitationsBatch = z.object({ platform: Platform, driverIds: BatchIds('driverIds') });
