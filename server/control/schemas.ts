import { z } from 'zod';
import { validation } from '../errors.ts';
import { similarNames } from '../lib/similar-names.ts';

/** Shared by the control operations read for the whole service or for one world. */
export const TenantQuery = z.object({ tenant: z.uuid().optional().meta({ description: 'Un tenant (mundo); sin él, el servicio.' }) });

/** What a tenant given twice in a query is told: it arrived as a list. */
const TENANT_TWICE = 'tenant debe darse una sola vez: el id de un mundo, o nada para todo el servicio';

/** What a tenant given empty is told. */
export const EMPTY_TENANT = 'tenant está vacío: da el id de un mundo, u omite tenant para todo el servicio';

/**
 * `?tenant=` as the handlers read it (one that is not a UUID names no world: their 404). Given twice
 * it arrives as a list, which named no tenant: a 404 for one that exists. It is refused instead, and
 * so is `?tenant=` with nothing after it (a script's empty variable), which is neither a world nor
 * the whole service.
 */
export function tenantOfQuery(query: Record<string, unknown>): unknown {
  const tenant = query.tenant;
  if (Array.isArray(tenant)) throw validation(TENANT_TWICE, [{ field: 'tenant', message: TENANT_TWICE }]);
  return notEmptyTenant(tenant);
}

/** A tenant given empty (query or body) is refused: neither a world nor the whole service. */
export function notEmptyTenant<T>(tenant: T): T {
  if (tenant === '') throw validation(EMPTY_TENANT, [{ field: 'tenant', message: EMPTY_TENANT }]);
  return tenant;
}

/** A path parameter the handler reads itself: one that is not a UUID names nothing (404, not 400). */
export const IdPath = z.object({ id: z.string() });

/** Field names in a sentence; a field named "" (no name) as «». */
export const listed = (names: readonly string[]) => names.map((name) => (name === '' ? '«»' : name)).join(', ');
const admitted = (names: readonly string[], none = 'esta operación no lleva cuerpo') => (names.length === 0 ? none : `se admiten ${listed(names)}`);

/**
 * A control body's fields: one it does not have (a typo such as `fixure`) is a 400 naming it and the
 * fields there are, not a world silently made without it. Unlike the partner API, which ignores
 * unknown fields (docs/decisions.md), this surface is written by hand in users' tests and scripts.
 */
export const controlBody = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownFieldsMessage(issue.keys, Object.keys(shape)) : undefined),
  });

/**
 * `campo desconocido: fixure (se admiten name, status, keys, fixture; ¿quisiste decir fixture?)`: the
 * control bodies' words, and the scenario files'. A near miss is named only for one unknown field.
 */
export function unknownFieldsMessage(keys: readonly string[], admittedNames: readonly string[]): string {
  const meant = keys.length === 1 ? similarNames(keys[0], admittedNames) : [];
  const hint = meant.length > 0 ? `; ¿quisiste decir ${meant.join(' o ')}?` : '';
  return `${keys.length === 1 ? 'campo desconocido' : 'campos desconocidos'}: ${listed(keys)} (${admitted(admittedNames)}${hint})`;
}

/** The query parameters a declared query admits (its object's keys; none without one). */
export const queryParamsOf = (query: z.ZodObject | undefined): string[] => (query ? Object.keys(query.shape) : []);

/**
 * Query parameters an operation does not declare, as details of a 400: a misspelt filter
 * (`stauts=500`) must not answer everything, as if no filter had been asked.
 */
export function unknownQueryParams(
  names: readonly string[],
  admittedNames: readonly string[],
  bodyFields: readonly string[] = [],
): { field: string; message: string }[] {
  const admittedText = admitted(admittedNames, 'esta operación no lleva parámetros');
  // `?tenant=` on the clock's advance, as its read takes it: say where the field goes instead.
  const where = (name: string) => (bodyFields.includes(name) ? `va en el cuerpo JSON, no en la URL; ${admittedText}` : admittedText);
  // Starting with its name, the 400's sentence says it once (errors.ts, issueText): `stauts: parámetro desconocido: stauts` said it twice.
  // `?=1` (or `?&=1`) has a parameter without a name, which a sentence starting with its name left blank.
  const unknown = (name: string) => (name === '' ? `un parámetro sin nombre (?=…) no es válido (${admittedText})` : `${name} es un parámetro desconocido (${where(name)})`);
  return names.filter((name) => !admittedNames.includes(name)).map((name) => ({ field: name, message: unknown(name) }));
}

/**
 * The fields a body schema reads: an object's, those of the object a transform starts from, and those
 * its document names as refused (`propertyNames: {not: {enum}}`: PATCH /v1/vehicles/{id} reads
 * `plate` to refuse it).
 */
export function bodyFieldsOf(body: z.ZodType | undefined): string[] {
  if (body instanceof z.ZodPipe) return bodyFieldsOf(body.in as z.ZodType);
  if (!(body instanceof z.ZodObject)) return [];
  const refused = (z.globalRegistry.get(body) as { propertyNames?: { not?: { enum?: string[] } } } | undefined)?.propertyNames?.not?.enum ?? [];
  return [...Object.keys(body.shape), ...refused];
}

/**
 * The body of an operation declared without one (a restore, a sync, a draw): nothing, or `{}`. A
 * field sent anyway is read as meant for it (`{"tenant": …}` on a sync), so it is refused, not ignored.
 */
export const NoBody = controlBody({});
