import { defineOperation } from '../openapi/index.ts';
import { DAYS_NOTE } from '../rides/openapi.ts';
import { DailyEarningsPage, EarningsSummary } from './response-schema.ts';
import { EarningsSummaryQuery, ListDailyEarningsQuery } from './schema.ts';

export const earningsOperations = [
  defineOperation({
    method: 'get', path: '/v1/earnings/daily', operationId: 'listDailyEarnings', tag: 'Earnings', access: 'rides:read',
    summary: 'Ganancias por conductor y día en una plataforma',
    description: `Lista paginada, más recientes primero (date descendente; empates por id descendente). ${DAYS_NOTE}`,
    query: ListDailyEarningsQuery,
    responses: { 200: DailyEarningsPage },
  }),
  defineOperation({
    method: 'get', path: '/v1/earnings/summary', operationId: 'getEarningsSummary', tag: 'Earnings', access: 'rides:read',
    summary: 'Totales de ganancias de un rango',
    description: `La suma exacta de las filas de /v1/earnings/daily con los mismos filtros. ${DAYS_NOTE}`,
    query: EarningsSummaryQuery,
    responses: { 200: EarningsSummary },
  }),
];
