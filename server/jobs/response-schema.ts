import { z } from 'zod';
import { Platform } from '../common/schemas.ts';
import { Id, NullableTimestamp, Timestamp, type Assert, type Equals } from '../openapi/index.ts';
import type { BatchAccepted as BatchAcceptedView, Job as JobView } from './view.ts';

const Counter = z.number().int().min(0);

export const JobResult = z
  .object({
    vehicleId: Id.optional().meta({ description: 'En lotes de vehículos.' }),
    driverId: Id.optional().meta({ description: 'En lotes de conductores.' }),
    plate: z.string().optional().meta({ description: 'La placa del vehículo al crear el lote.' }),
    ok: z.boolean(),
    message: z.string().nullable().meta({ description: 'Por qué falló el elemento (en español); null cuando ok.' }),
  })
  .meta({ id: 'JobResult' });

export const Job = z
  .object({
    id: Id,
    platform: Platform.nullable(),
    status: z.enum(['pending', 'running', 'completed', 'failed']).meta({
      description: 'pending → running → completed (aunque fallen elementos: ver contadores) o failed (el lote no pudo correr).',
    }),
    total: Counter,
    processed: Counter.meta({ description: 'Siempre succeeded + failed, nunca más que total.' }),
    succeeded: Counter,
    failed: Counter,
    results: z.array(JobResult).meta({ description: 'Los elementos ya procesados, en el orden de la solicitud.' }),
    startedAt: NullableTimestamp,
    completedAt: NullableTimestamp,
    createdAt: Timestamp,
  })
  .meta({ id: 'Job' });

export const BatchAccepted = z
  .object({
    jobId: Id.nullable().meta({ description: 'null cuando ningún id es elegible (total 0): no se crea lote.' }),
    total: Counter.meta({ description: 'Ids distintos y elegibles que el lote procesará.' }),
    skipped: z.array(Id).meta({
      description: 'Ids no elegibles: inexistentes, de otra flota, ya registrados o invitados en la plataforma, o en otro lote abierto.',
    }),
  })
  .meta({ id: 'BatchAccepted' });

export type JobMatchesView = Assert<Equals<z.output<typeof Job>, JobView>>;
export type BatchAcceptedMatchesView = Assert<Equals<z.output<typeof BatchAccepted>, BatchAcceptedView>>;
