/**
 * What an expectation on a world's journal asked for, in words, for the testing library's
 * `expectRequests()` and a scenario's `expectRequests` step alike: `se esperaban 2 solicitudes
 * POST /v1/vehicles (createVehicle) con estado 4xx`. Lower case: each door puts it in its sentence.
 */
export interface ExpectedSelection {
  method?: string;
  path?: string;
  operation?: string;
  status?: number | string;
}

const wanted = (e: ExpectedSelection) =>
  [e.method?.toUpperCase() ?? 'cualquier método', e.path ?? 'cualquier ruta', e.operation && `(${e.operation})`, e.status !== undefined && `con estado ${e.status}`]
    .filter(Boolean)
    .join(' ');

const expectedCount = (count: number | undefined) =>
  count === undefined ? 'se esperaba al menos una solicitud' : count === 1 ? 'se esperaba 1 solicitud' : `se esperaban ${count} solicitudes`;

export const expectedRequestsText = (count: number | undefined, selection: ExpectedSelection): string => `${expectedCount(count)} ${wanted(selection)}`;
