import { defineOperation } from '../openapi/index.ts';
import { DAYS_NOTE } from '../rides/routes.ts';
import { DailyEarningsPage, EarningsSummary } from './response-schema.ts';
import { EarningsSummaryQuery, ListDailyEarningsQuery } from './schema.ts';

/** Served under /v1 and documented from these declarations (openapi/operations.ts). */
export const earningsOperations = [
  defineOperation({
    method: 'get', path: '/v1/earnings/daily', operationId: 'listDailyEarnings', tags: ['Earnings'], scope: 'rides:read',
    summary: 'Ganancias por conductor y día en una plataforma',
    description: `Lista paginada, más recientes primero (date descendente; empates por id descendente). ${DAYS_NOTE}`,
    query: ListDailyEarningsQuery,
    responses: { 200: DailyEarningsPage },
    handler: (req, res, { earnings }) => {
      res.json(earnings.listDaily(req.auth.tenantId, ListDailyEarningsQuery.parse(req.query)));
    },
  }),
  defineOperation({
    method: 'get', path: '/v1/earnings/summary', operationId: 'getEarningsSummary', tags: ['Earnings'], scope: 'rides:read',
    summary: 'Totales de ganancias de un rango',
    description: `La suma exacta de las filas de /v1/earnings/daily con los mismos filtros. ${DAYS_NOTE}`,
    query: EarningsSummaryQuery,
    responses: { 200: EarningsSummary },
    handler: (req, res, { earnings }) => {
      res.json(earnings.summary(req.auth.tenantId, EarningsSummaryQuery.parse(req.query)));
    },
  }),
];
