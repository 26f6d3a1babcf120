import { z } from 'zod';
import { Id, NullableTimestamp, type Assert, type Equals } from '../openapi/index.ts';
import { RIDE_STATUSES } from '../platforms/ride-feed.ts';
import type { Ride as RideView } from './view.ts';

export const Decimal = (description: string) => z.string().regex(/^-?\d+\.\d{2}$/).meta({ description, example: '123.45' });
export const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: 'Día calendario YYYY-MM-DD en hora de Ciudad de México (-06:00).' });
export const PlatformField = z.enum(['platform_a', 'platform_b']);

export const Ride = z
  .object({
    id: Id.meta({ description: 'Estable: el mismo viaje leído otra vez de la plataforma conserva su id.' }),
    platform: PlatformField,
    driverId: Id.nullable(),
    vehicleId: Id.nullable(),
    serviceDate: Day,
    startedAt: NullableTimestamp,
    completedAt: NullableTimestamp.meta({ description: 'Solo en viajes completed.' }),
    status: z.enum(RIDE_STATUSES),
    distanceKm: Decimal('Kilómetros, dos decimales.').nullable(),
    grossMxn: Decimal('MXN que pagó el pasajero (sin propina).').nullable(),
    netMxn: Decimal('MXN para el conductor: bruto menos la comisión de la plataforma, más propina.').nullable(),
    tipMxn: Decimal('MXN de propina.').nullable(),
  })
  .meta({ id: 'Ride' });

export const RidePage = z
  .object({ data: z.array(Ride), hasMore: z.boolean() })
  .meta({ id: 'RidePage', description: 'Página de viajes, más recientes primero (startedAt, empate por id).' });

export type RideMatchesView = Assert<Equals<z.output<typeof Ride>, RideView>>;
