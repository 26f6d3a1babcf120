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

/** `PATCH /v1/vehicles/{id}`, `GET`, `a /v1/vehicles`, `de la operación getMe`: only what was asked, in words that read. */
function wanted(e: ExpectedSelection): string {
  const method = e.method?.toUpperCase();
  const route = method && e.path ? `${method} ${e.path}` : (method ?? (e.path ? `a ${e.path}` : ''));
  const operation = e.operation ? (route ? `(${e.operation})` : `de la operación ${e.operation}`) : '';
  const status = e.status !== undefined ? `con estado ${e.status}` : '';
  return [route, operation, status].filter(Boolean).join(' ') || 'de cualquier tipo';
}

const expectedCount = (count: number | undefined) =>
  count === undefined ? 'se esperaba al menos una solicitud' : count === 1 ? 'se esperaba 1 solicitud' : `se esperaban ${count} solicitudes`;

export const expectedRequestsText = (count: number | undefined, selection: ExpectedSelection): string => `${expectedCount(count)} ${wanted(selection)}`;

/**
 * How a sent request was answered, in the lines both doors list of what a world sent: `201`,
 * `429 (regla flt_1)` when a fault rule gave the answer, `sin respuesta (regla flt_2)` (a reset):
 * a retry test's failure shows which answers were the test's own.
 */
export const answeredBy = (entry: { status: number | null; fault: string | null }): string =>
  `${entry.status ?? 'sin respuesta'}${entry.fault ? ` (regla ${entry.fault})` : ''}`;
