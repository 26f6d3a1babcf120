import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { answer, Now } from '../control/answers.ts';

/** One full sync with the platforms now, instead of waiting for the background one. */
export const syncControl: ControlCapability = {
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/sync', operationId: 'syncPlatforms', tags: ['Plataformas'],
      summary: 'Una sincronización completa con las plataformas',
      responses: { 200: answer(Now, 'La hora simulada del servicio. Un mundo cuya plataforma falló se lee de nuevo en la próxima pasada (el registro de serve lo dice).') },
      handler: async (_req, res, { deps, services }) => {
        await services.sync.runDue();
        res.json({ now: deps.clocks.service.now().toISOString() });
      },
    }),
  ],
};
