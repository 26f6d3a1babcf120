import { z } from 'zod';
import { Platform } from '../common/schemas.ts';
import { NullableTimestamp, dataListOf, type Assert, type Equals } from '../openapi/index.ts';
import type { Registration as RegistrationView } from './store.ts';

export const Registration = z
  .object({
    platform: Platform,
    status: z.enum(['none', 'pending', 'approved', 'rejected', 'registered', 'removed']).meta({
      description:
        'platform_a: none → pending → approved | rejected (la revisión empieza al subir la tarjeta de circulación). ' +
        'platform_b: none → registered al instante.',
    }),
    documentsRequired: z.boolean().meta({ description: 'true tras registrar en platform_a.' }),
    docStatus: z.enum(['not_submitted', 'submitted']).nullable(),
    docReviewStatus: z.enum(['pending', 'approved', 'rejected']).nullable().meta({
      description: 'rejected: la tarjeta fue el problema y hay que subirla de nuevo.',
    }),
    registeredAt: NullableTimestamp,
    approvedAt: NullableTimestamp,
  })
  .meta({ id: 'Registration', description: 'El vehículo en una plataforma; los siete campos siempre están presentes.' });

export const RegistrationList = dataListOf(Registration, 'RegistrationList');

export type RegistrationMatchesStore = Assert<Equals<z.output<typeof Registration>, RegistrationView>>;
