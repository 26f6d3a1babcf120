import { z } from 'zod';
import { SCOPES } from '../auth/scopes.ts';
import { Id, NullableTimestamp, Timestamp } from '../openapi/schemas.ts';

/** What the control API answers about tenants (worlds) and their keys (tenants/control.ts). */

const Scopes = z.array(z.enum(SCOPES));
const Environment = z.enum(['test', 'live']);
const Status = z.enum(['active', 'pending']);

export const CreatedKey = z
  .object({ id: Id, key: z.string().meta({ description: 'El secreto completo: solo se muestra aquí.' }), prefix: z.string(), scopes: Scopes, environment: Environment })
  .meta({ id: 'CreatedKey' });

export const KeyInfo = z
  .object({ id: Id, prefix: z.string(), scopes: Scopes, environment: Environment, createdAt: Timestamp, revokedAt: NullableTimestamp })
  .meta({ id: 'KeyInfo', description: 'Una clave, sin su secreto.' });

export const KeyList = z.object({ data: z.array(KeyInfo) }).meta({ id: 'KeyList' });

export const RevokedKey = z.object({ id: Id, revokedAt: Timestamp }).meta({ id: 'RevokedKey' });

export const FixtureIds = z
  .object({ vehicleIds: z.array(Id), driverIds: z.array(Id), assignmentIds: z.array(Id) })
  .meta({ id: 'FixtureIds', description: 'Lo que hizo el fixture, en orden: el conductor i asignado al vehículo i.' });

export const CreatedTenant = z
  .object({ id: Id, name: z.string(), status: Status, keys: z.array(CreatedKey), fixture: FixtureIds.optional() })
  .meta({ id: 'CreatedTenant' });

export const TenantInfo = z
  .object({ id: Id, name: z.string(), status: Status, now: Timestamp.meta({ description: 'La hora simulada del mundo.' }), createdAt: Timestamp })
  .meta({ id: 'TenantInfo' });

export const TenantList = z.object({ data: z.array(TenantInfo) }).meta({ id: 'TenantList', description: 'Los tenants, más recientes primero.' });

export const TenantsDeleted = z.object({ deleted: z.number().int().min(0), ids: z.array(Id) }).meta({ id: 'TenantsDeleted' });

export const ApprovedTenant = z.object({ id: Id, status: Status }).meta({ id: 'ApprovedTenant' });
