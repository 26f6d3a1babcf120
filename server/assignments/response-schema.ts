import { z } from 'zod';
import { Id, NullableTimestamp, Timestamp, pageOf, type Assert, type Equals } from '../openapi/index.ts';
import type { Assignment as AssignmentView } from './view.ts';

export const Assignment = z
  .object({
    id: Id,
    vehicleId: Id,
    driverId: Id,
    status: z.enum(['active', 'ended']).meta({ description: 'Como máximo una asignación activa por vehículo y una por conductor.' }),
    platformSync: z.enum(['synced', 'awaiting', 'pending', 'failed']).meta({
      description:
        'synced: cada plataforma donde vehículo y conductor están activos tiene el vínculo; ' +
        'awaiting: la plataforma aún no está lista (el conductor no aceptó, el vehículo no está aprobado); ' +
        'pending: el vínculo está en cola o reintentándose; failed: la plataforma lo rechazó (contrato §3).',
    }),
    startedAt: Timestamp,
    endedAt: NullableTimestamp,
    createdAt: Timestamp,
  })
  .meta({ id: 'Assignment' });

export const AssignmentPage = pageOf(Assignment, 'AssignmentPage');

export type AssignmentMatchesView = Assert<Equals<z.output<typeof Assignment>, AssignmentView>>;
