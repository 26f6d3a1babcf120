import { defineOperation } from '../openapi/index.ts';
import { RidePage } from './response-schema.ts';
import { ListRidesQuery } from './schema.ts';

/** Said on every rides and earnings operation (spec §4 rules, contract §3, docs/rides.md). */
export const DAYS_NOTE =
  '`from` y `to` son días calendario de Ciudad de México (-06:00), ambos incluidos; `from` posterior a `to` es 400. ' +
  'Los importes son decimales en MXN calculados en centavos enteros. Los de platform_b pueden cambiar durante 16 días ' +
  'después del día de servicio: vuelve a consultar las ventanas recientes.';

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const rideOperations = [
  defineOperation({
    method: 'get', path: '/v1/rides', operationId: 'listRides', tags: ['Rides'], scope: 'rides:read',
    summary: 'Lista los viajes de la flota en una plataforma',
    description: `Lista paginada, más recientes primero (startedAt descendente; empates por id descendente). ${DAYS_NOTE}`,
    query: ListRidesQuery,
    responses: { 200: RidePage },
    handler: (req, res, { rides }) => {
      res.json(rides.list(req.auth.tenantId, ListRidesQuery.parse(req.query)));
    },
  }),
];
