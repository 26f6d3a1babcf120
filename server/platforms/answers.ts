import { z } from 'zod';
import { Platform } from '../common/schemas.ts';
import { Id, Timestamp } from '../openapi/schemas.ts';

/** What the control API answers about the simulated platforms (platforms/control.ts). */

export const PlatformState = z
  .object({
    vehicles: z.array(z.object({ vehicleId: Id, status: z.string().meta({ description: 'El estado del registro en la plataforma.' }) })),
    drivers: z.array(z.object({ driverId: Id, status: z.string().meta({ description: 'El estado de la invitación en la plataforma.' }) })),
    bindings: z.array(z.object({ vehicleId: Id, driverId: Id, boundAt: Timestamp })),
  })
  .meta({ id: 'PlatformState', description: 'Lo que la plataforma simulada tiene (de un tenant, con ?tenant=), con los ids de la API.' });

/** A reviewer's decision, as asked (control.ts's body) and as answered. */
export const VERDICTS = ['approved', 'rejected'] as const;

// The ids a review or an answer names are echoed as sent: the platforms know records by any id.
export const ReviewedVehicle = z
  .object({
    vehicleId: z.string(),
    verdict: z.enum(VERDICTS).meta({ description: 'Como se pidió.' }),
    card: z.enum(['pending', 'approved', 'rejected']).nullable().meta({ description: 'La revisión de la tarjeta, como platform_a la guardó.' }),
    status: z.enum(['pending', 'approved', 'rejected', 'registered', 'removed']).meta({ description: 'El registro, como platform_a lo guardó.' }),
  })
  .meta({ id: 'ReviewedVehicle' });

export const AnsweredInvitation = z
  .object({
    driverId: z.string(),
    status: z.enum(['none', 'invited', 'bound', 'rejected']),
    reviewStatus: z.enum(['pending', 'under_review', 'approved', 'rejected', 'suspended']).nullable(),
  })
  .meta({ id: 'AnsweredInvitation' });

const Mode = z.enum(['none', 'error', 'slow']);
const FaultState = z.object({ mode: Mode, ms: z.number().int().min(0) }).meta({ id: 'PlatformFaultState' });

export const PlatformFaults = z.object({ platform_a: FaultState, platform_b: FaultState }).meta({ id: 'PlatformFaults' });

/** A platform's fault as set, for every world (`/_testbed/faults`) or for one (`/_testbed/tenants/{id}/faults`). */
export const PlatformFault = z
  .object({ platform: Platform, mode: Mode, ms: z.number().int().min(0) })
  .meta({ id: 'PlatformFault', description: 'Una plataforma y su modo: none, error (503) o slow (ms de tiempo real).' });
