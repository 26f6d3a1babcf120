import { z } from 'zod';
import { Platform } from '../common/schemas.ts';
import { Id, Timestamp, pageOf, type Assert, type Equals } from '../openapi/index.ts';
import { Registration } from '../registrations/response-schema.ts';
import { VEHICLE_STATUSES } from './schema.ts';
import type { Vehicle as VehicleView } from './view.ts';

export const Vehicle = z
  .object({
    id: Id,
    plate: z.string().meta({ description: 'En mayúsculas; única en todo el servicio (sin contar espacios ni guiones).' }),
    brand: z.string(),
    model: z.string(),
    year: z.number().int(),
    color: z.string().meta({ description: 'Nombre canónico del catálogo de colores.' }),
    colorId: z.number().int().meta({ description: 'Id del color en el catálogo.' }),
    city: z.string().nullable(),
    vin: z.string().nullable(),
    status: z.enum(VEHICLE_STATUSES).meta({
      description: 'pending_platform_a mientras su registro en platform_a está pending; al terminar la revisión vuelve al estado anterior (contrato §3).',
    }),
    platforms: z.array(Platform),
    assignedDriverId: Id.nullable(),
    registrations: z.array(Registration).meta({ description: 'Exactamente dos, una por plataforma; ambas none al crear (contrato §3).' }),
    notes: z.string().nullable().meta({ description: 'Campo aditivo: las notas del PATCH.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Vehicle' });

export const VehiclePage = pageOf(Vehicle, 'VehiclePage');

export type VehicleMatchesView = Assert<Equals<z.output<typeof Vehicle>, VehicleView>>;
