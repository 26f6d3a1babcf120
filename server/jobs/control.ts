import { pathId } from '../common/schemas.ts';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { IdPath } from '../control/schemas.ts';
import { answer } from '../control/answers.ts';
import { Job } from './response-schema.ts';

/** For `fleet-sim jobs watch`, which has no API key: any tenant's job, by id. */
export const jobsControl: ControlCapability = {
  operations: [
    defineControlOperation({
      method: 'get', path: '/_testbed/jobs/{id}', operationId: 'getJob', tags: ['Mundos'],
      summary: 'Un lote de cualquier tenant (para jobs watch)',
      params: IdPath,
      responses: { 200: answer(Job, 'El lote, como GET /v1/jobs/{id}, de cualquier tenant.'), 404: ['NOT_FOUND'] },
      handler: (req, res, { services }) => {
        res.json(services.jobs.getAnyTenant(pathId(req.params.id, 'El lote')));
      },
    }),
  ],
};
