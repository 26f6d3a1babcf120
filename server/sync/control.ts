import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { answer, NowSynced } from '../control/answers.ts';

/** One full sync with the platforms now, instead of waiting for the background one. */
export const syncControl: ControlCapability = {
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/sync', operationId: 'syncPlatforms', tags: ['Plataformas'],
      summary: 'Una sincronización completa con las plataformas',
      responses: { 200: answer(NowSynced, 'La hora simulada del servicio, y lo que no se pudo leer: un mundo cuya plataforma falló se lee de nuevo en la próxima pasada.') },
      handler: async (_req, res, { deps, services }) => {
        const notSynced = await services.sync.runDue();
        res.json({ now: deps.clocks.service.now().toISOString(), notSynced });
      },
    }),
  ],
};
