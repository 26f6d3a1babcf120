import { z } from 'zod';
import { SCOPES } from '../auth/scopes.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import { Id, type Assert, type Equals } from '../openapi/index.ts';

export const API_VERSION = '1.0.0';

export const Health = z
  .object({ status: z.literal('ok'), version: z.literal(API_VERSION) })
  .meta({ id: 'Health', description: 'Cuerpo fijado por el contrato §3.' });

export const Me = z
  .object({
    tenantId: Id,
    tenantName: z.string(),
    keyId: Id,
    keyPrefix: z.string().meta({ example: 'fk_test_0123456789ab' }),
    scopes: z.array(z.enum(SCOPES)),
    environment: z.enum(['live', 'test']),
  })
  .meta({ id: 'Me' });

// Compile error here means account/routes.ts answers something the document does not describe.
export type MeMatchesRoute = Assert<Equals<z.output<typeof Me>, Omit<AuthContext, never>>>;
