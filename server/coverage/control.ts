import { z } from 'zod';
import { worldPathId } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { TenantQuery, tenantOfQuery } from '../control/schemas.ts';
import { answer } from '../control/answers.ts';

const Coverage = z
  .object({
    covered: z.number().int().min(0), total: z.number().int().min(0),
    transitions: z.array(z.object({ machine: z.string(), from: z.string().nullable().meta({ description: 'null: el estado inicial.' }), to: z.string(), count: z.number().int().min(0) })),
  })
  .meta({ id: 'Coverage' });

/**
 * `GET /_testbed/coverage[?tenant=ID]` (contract §4): which transitions of spec §3 happened, in one
 * tenant's world or in all of them. A tenant id that is not a UUID names no tenant: 404.
 */
export const coverageControl: ControlCapability = {
  tags: { Cobertura: 'Las transiciones de estado de la spec §3 que una ejecución ejercitó, y las que nunca ocurrieron.' },
  operations: [
    defineControlOperation({
      method: 'get', path: '/_testbed/coverage', operationId: 'getCoverage', tags: ['Cobertura'],
      summary: 'Las transiciones de estado de la spec §3 que ocurrieron, en un tenant o en todos',
      query: TenantQuery,
      responses: {
        200: answer(Coverage, 'Cada transición declarada, con count 0 si nunca ocurrió.'),
        404: ['NOT_FOUND'],
      },
      handler: (req, res, { services }) => {
        const tenant = tenantOfQuery(req.query);
        const tenantId = tenant === undefined ? undefined : worldPathId(tenant);
        res.json(services.coverage.report(tenantId));
      },
    }),
  ],
};
