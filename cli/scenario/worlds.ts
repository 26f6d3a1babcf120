import { StepError } from './http.ts';

/** A step's world: the tenant alias it names, or the file's first one; the step fails on an alias the file has not declared. */
export function worldOf(tenantIds: ReadonlyMap<string, string>, alias: string = tenantIds.keys().next().value!): { alias: string; id: string } {
  const id = tenantIds.get(alias);
  if (id === undefined) throw new StepError(`el tenant ${alias} no está declarado en tenants`);
  return { alias, id };
}
