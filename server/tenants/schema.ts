import { z } from 'zod';
import { SCOPES } from '../auth/scopes.ts';
import { Fixture } from '../fixtures/schema.ts';
import { hasControlCharacter, TENANT_NAME_MAX, TENANT_NAME_MESSAGES, tenantNameTooLong } from './limits.ts';
import { controlBody } from '../control/schemas.ts';

export const KeyOptions = controlBody({
  scopes: z
    .array(z.enum(SCOPES, { error: `cada permiso debe ser uno de: ${SCOPES.join(', ')}` }))
    .min(1, 'scopes no puede estar vacío')
    .transform((scopes) => [...new Set(scopes)])
    .optional(),
  environment: z.enum(['test', 'live'], { error: 'environment debe ser test o live' }).optional(),
});

export const CreateTenant = controlBody({
  name: z.string({ error: (issue) => (issue.input === undefined ? 'name es obligatorio' : 'name debe ser texto') }).trim()
    .min(1, TENANT_NAME_MESSAGES.empty)
    .refine((name) => !tenantNameTooLong(name), TENANT_NAME_MESSAGES.tooLong).meta({ maxLength: TENANT_NAME_MAX })
    // A name is shown in the CLI's tables, the dashboard and logs: a control character breaks each.
    .refine((name) => !hasControlCharacter(name), TENANT_NAME_MESSAGES.control),
  status: z.enum(['active', 'pending'], { error: 'status debe ser active o pending' }).default('active'),
  keys: z.array(KeyOptions).max(20, 'como máximo 20 claves por llamada').default([{}]),
  /** A populated world in the same call (contract §5, server/fixtures/). */
  fixture: Fixture.optional(),
});

/** Never "every tenant": an empty prefix would match them all, so it is refused. */
export const NamePrefixQuery = z.object({
  name: z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'name es obligatorio: el prefijo del nombre de los tenants que se borran' : 'name debe darse una sola vez, como texto',
    })
    .min(1, 'name no puede estar vacío: un prefijo vacío borraría todos los tenants')
    .refine((name) => !tenantNameTooLong(name), TENANT_NAME_MESSAGES.tooLong)
    .meta({ maxLength: TENANT_NAME_MAX, description: 'Prefijo del nombre (distingue mayúsculas): se borran los tenants cuyo nombre empieza así.' }),
});
