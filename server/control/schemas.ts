import { z } from 'zod';

/** Shared by the control operations read for the whole service or for one world. */
export const TenantQuery = z.object({ tenant: z.uuid().optional().meta({ description: 'Un tenant (mundo); sin él, el servicio.' }) });

/** A path parameter the handler reads itself: one that is not a UUID names nothing (404, not 400). */
export const IdPath = z.object({ id: z.string() });
