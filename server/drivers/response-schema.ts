import { z } from 'zod';
import { Platform } from '../common/schemas.ts';
import { Id, NullableTimestamp, Timestamp, pageOf, type Assert, type Equals } from '../openapi/index.ts';
import type { Invitation as InvitationView } from '../invitations/store.ts';
import type { Driver as DriverView } from './view.ts';

export const Invitation = z
  .object({
    platform: Platform,
    status: z.enum(['none', 'invited', 'bound', 'rejected']),
    reviewStatus: z.enum(['pending', 'under_review', 'approved', 'rejected', 'suspended']).nullable(),
    invitedAt: NullableTimestamp,
    acceptedAt: NullableTimestamp,
  })
  .meta({ id: 'Invitation', description: 'El conductor en una plataforma.' });

export const Driver = z
  .object({
    id: Id,
    name: z.string(),
    whatsapp: z.string().meta({ description: 'En forma canónica E.164 (+52 o +1 y 10 dígitos), la escriba como la escriba el cliente. Único en todo el servicio; no puede cambiar después de aceptar la invitación de platform_a (409).' }),
    email: z.string().nullable(),
    city: z.string(),
    license: z.string().nullable(),
    platforms: z.array(Platform).meta({ description: 'Plataformas en las que el conductor está vinculado (bound).' }),
    assignedVehicleId: Id.nullable(),
    invitations: z.array(Invitation),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Driver' });

export const DriverPage = pageOf(Driver, 'DriverPage');

export type InvitationMatchesStore = Assert<Equals<z.output<typeof Invitation>, InvitationView>>;
export type DriverMatchesView = Assert<Equals<z.output<typeof Driver>, DriverView>>;
