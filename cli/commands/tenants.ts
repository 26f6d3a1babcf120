import { cdmxTime } from '../../server/lib/human-text.ts';
import { callTestbed, remoteServe, withTenantService } from '../environment.ts';
import { table } from '../lib/table.ts';
import { inOptionNames } from '../lib/option-names.ts';
import { fail, print, type OutputOptions } from '../output.ts';
import { worldPath } from '../lib/control-path.ts';

export const tenantCreatedLine = (t: { id: string; name: string; status: string }) => `Flota ${t.id} (${t.name}) creada — estado: ${t.status}`;
export const tenantApprovedLine = (t: { id: string; status: string }) => `Flota ${t.id} aprobada — estado: ${t.status}`;

/** The contract's fields of a tenant (§2), as the control API's answers give them (no createdAt there). */
const pick = ({ id, name, status }: { id: string; name: string; status: string }) => ({ id, name, status });

export async function createTenant(opts: OutputOptions & { name: string; pending?: boolean; fixture?: string }): Promise<void> {
  if (opts.fixture !== undefined) return (await import('./tenant-fixture.ts')).createWithFixture({ ...opts, fixture: opts.fixture });
  const status = opts.pending ? 'pending' : 'active';
  const tenant = remoteServe()
    ? pick(await callTestbed<{ id: string; name: string; status: string }>('/tenants', { body: { name: opts.name, status, keys: [] } }))
    : await withTenantService((tenants) => tenants.createTenant(opts.name, status));
  // Made as the contract has it, with no key (the control API's and a fixture's come with one): say how to get one.
  print(opts, tenant, `${tenantCreatedLine(tenant)}\nSin clave aún: crea una con fleet-sim keys create --tenant ${tenant.id}`);
}

export async function approveTenant(tenantId: string, opts: OutputOptions): Promise<void> {
  const tenant = remoteServe()
    ? await callTestbed<{ id: string; status: string }>(`${worldPath(tenantId)}/approve`, { method: 'POST' })
    : await withTenantService((tenants) => tenants.approveTenant(tenantId));
  print(opts, tenant, tenantApprovedLine(tenant));
}

export async function listTenants(opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ data: { id: string; name: string; status: string; now: string; createdAt: string }[] }>('/tenants');
  const rows = body.data.map((t) => [t.id, t.status, cdmxTime(t.now), t.name]);
  print(opts, body, rows.length ? table(['ID', 'ESTADO', 'HORA DEL MUNDO', 'NOMBRE'], rows) : 'No hay tenants.');
}

export const tenantsDeletedLine = (prefix: string, ids: string[]) =>
  ids.length === 0
    ? `Ninguna flota tiene un nombre que empiece por «${prefix}»: no se borró nada`
    : [`Flotas cuyo nombre empieza por «${prefix}», borradas con todos sus datos: ${ids.length}`, ...ids].join('\n');

export async function deleteTenant(tenantId: string | undefined, opts: OutputOptions & { namePrefix?: string }): Promise<void> {
  if ((tenantId === undefined) === (opts.namePrefix === undefined)) fail('indica el id de un tenant o --name-prefix, uno de los dos.');
  if (opts.namePrefix !== undefined) {
    const query = new URLSearchParams({ name: opts.namePrefix });
    const body = await inOptionNames(['name'], () => callTestbed<{ deleted: number; ids: string[] }>(`/tenants?${query}`, { method: 'DELETE' }),
      { name: '--name-prefix' });
    return print(opts, body, tenantsDeletedLine(opts.namePrefix, body.ids));
  }
  const body = await callTestbed<{ id: string; deleted: true }>(worldPath(tenantId!), { method: 'DELETE' });
  print(opts, body, `Flota ${body.id} borrada con todos sus datos`);
}
