import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { parseJsonBody } from '../http/parse.ts';
import { GenerateBody } from './generate.ts';

/** The platforms' rides of past days, produced and ingested on demand (docs/rides.md). */
export const ridesControl: ControlCapability = {
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/rides/generate', operationId: 'generateRides', tags: ['Plataformas'],
      summary: 'Las plataformas producen los viajes de esos días y la API los ingiere',
      body: GenerateBody,
      responses: { 200: { description: 'conteos por plataforma' }, 404: ['NOT_FOUND'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        res.json(await services.generateRides(parseJsonBody(GenerateBody, req)));
      },
    }),
  ],
};
