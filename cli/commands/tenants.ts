import { callTestbed, withTenantService } from '../environment.ts';
import { print, type OutputOptions } from '../output.ts';

export const tenantCreatedLine = (t: { id: string; name: string; status: string }) => `Flota ${t.id} (${t.name}) creada — estado: ${t.status}`;
export const tenantApprovedLine = (t: { id: string; status: string }) => `Flota ${t.id} aprobada — estado: ${t.status}`;

export async function createTenant(opts: OutputOptions & { name: string; pending?: boolean }): Promise<void> {
  const tenant = await withTenantService((tenants) => tenants.createTenant(opts.name, opts.pending ? 'pending' : 'active'));
  print(opts, tenant, tenantCreatedLine(tenant));
}

export async function approveTenant(tenantId: string, opts: OutputOptions): Promise<void> {
  const tenant = await withTenantService((tenants) => tenants.approveTenant(tenantId));
  print(opts, tenant, tenantApprovedLine(tenant));
}

export async function listTenants(opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ data: { id: string; name: string; status: string; now: string; createdAt: string }[] }>('/tenants');
  const lines = body.data.map((t) => `${t.id}\t${t.status}\t${t.now}\t${t.name}`);
  print(opts, body, lines.length ? ['id\testado\thora del mundo\tnombre', ...lines].join('\n') : 'No hay tenants.');
}

export async function deleteTenant(tenantId: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ id: string; deleted: true }>(`/tenants/${encodeURIComponent(tenantId)}`, { method: 'DELETE' });
  print(opts, body, `Tenant ${body.id} borrado con todos sus datos`);
}
