import type { Command } from 'commander';
import { callTestbed, openTenantService } from '../environment.ts';
import { action, print, type OutputOptions } from '../output.ts';

export const tenantCreatedLine = (t: { id: string; name: string; status: string }) => `Flota ${t.id} (${t.name}) creada — estado: ${t.status}`;
export const tenantApprovedLine = (t: { id: string; status: string }) => `Flota ${t.id} aprobada — estado: ${t.status}`;

export function registerTenants(program: Command): void {
  const tenants = program.command('tenants').description('tenants (fleets) of the testbed');

  tenants
    .command('create')
    .description('create a tenant, active or pending (under review)')
    .requiredOption('--name <name>', 'tenant name')
    .option('--pending', 'create it under review: its keys answer 403 TENANT_PENDING')
    .option('--json', 'print one JSON document')
    .action(
      action((opts: OutputOptions & { name: string; pending?: boolean }) => {
        const { db, tenants: service } = openTenantService();
        try {
          const tenant = service.createTenant(opts.name, opts.pending ? 'pending' : 'active');
          print(opts, tenant, tenantCreatedLine(tenant));
        } finally {
          db.close();
        }
      }),
    );

  tenants
    .command('approve <tenantId>')
    .description('a pending tenant becomes active')
    .option('--json', 'print one JSON document')
    .action(
      action((tenantId: string, opts: OutputOptions) => {
        const { db, tenants: service } = openTenantService();
        try {
          const tenant = service.approveTenant(tenantId);
          print(opts, tenant, tenantApprovedLine(tenant));
        } finally {
          db.close();
        }
      }),
    );

  tenants
    .command('list')
    .description('the tenants of the running serve, each with its own simulated time')
    .option('--json', 'print one JSON document')
    .action(
      action(async (opts: OutputOptions) => {
        const body = await callTestbed<{ data: { id: string; name: string; status: string; now: string; createdAt: string }[] }>('/tenants');
        const lines = body.data.map((t) => `${t.id}\t${t.status}\t${t.now}\t${t.name}`);
        print(opts, body, lines.length ? ['id\testado\thora del mundo\tnombre', ...lines].join('\n') : 'No hay tenants.');
      }),
    );

  tenants
    .command('delete <tenantId>')
    .description('delete a tenant with all its data and its platform data (its plates, VINs and numbers become free)')
    .option('--json', 'print one JSON document')
    .action(
      action(async (tenantId: string, opts: OutputOptions) => {
        const body = await callTestbed<{ id: string; deleted: true }>(`/tenants/${encodeURIComponent(tenantId)}`, { method: 'DELETE' });
        print(opts, body, `Tenant ${body.id} borrado con todos sus datos`);
      }),
    );
}
