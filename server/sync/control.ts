import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { answer, NowSynced } from '../control/answers.ts';
import { TenantQuery, tenantOfQuery } from '../control/schemas.ts';
import { nowOf, requireTenant } from '../clock/service.ts';
import { syncWorld } from './world-sync.ts';

/** One full sync with the platforms now, instead of waiting for the background one: of every world, or of one. */
export const syncControl: ControlCapability = {
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/sync', operationId: 'syncPlatforms', tags: ['Plataformas'],
      summary: 'Una sincronización completa con las plataformas, de todos los mundos o de uno',
      description: 'Con `?tenant=ID`, solo ese mundo, como lo sincroniza su propio avance de reloj: la plataforma lenta de otro mundo no lo ' +
        'demora (sin él, la pasada lee todos los mundos, y espera las llamadas lentas de cada uno).',
      query: TenantQuery,
      responses: {
        200: answer(NowSynced, 'La hora simulada (del mundo, con tenant; si no, del servicio), y lo que no se pudo leer: un mundo cuya plataforma falló se lee de nuevo en la próxima pasada.'),
        404: ['NOT_FOUND'],
      },
      handler: async (req, res, { deps, services }) => {
        const tenant = tenantOfQuery(req.query);
        if (tenant === undefined) {
          const notSynced = await services.sync.runDue();
          return void res.json({ now: deps.clocks.service.now().toISOString(), notSynced });
        }
        const tenantId = requireTenant(deps, tenant);
        const notSynced = await syncWorld(deps, services, tenantId);
        res.json({ now: nowOf(deps, tenantId), notSynced });
      },
    }),
  ],
};
