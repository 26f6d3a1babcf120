import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/tenants.ts'));

export function declareTenants(program: Command): void {
  const tenants = program.command('tenants').description('tenants (fleets) of the testbed');

  tenants
    .command('create')
    .description('create a tenant, active or pending (under review)')
    .requiredOption('--name <name>', 'tenant name')
    .option('--pending', 'create it under review: its keys answer 403 TENANT_PENDING')
    .option('--json', 'print one JSON document')
    .action(run('createTenant'));

  tenants
    .command('approve <tenantId>')
    .description('a pending tenant becomes active')
    .option('--json', 'print one JSON document')
    .action(run('approveTenant'));

  tenants
    .command('list')
    .description('the tenants of the running serve, each with its own simulated time')
    .option('--json', 'print one JSON document')
    .action(run('listTenants'));

  tenants
    .command('delete <tenantId>')
    .description('delete a tenant with all its data and its platform data (its plates, VINs and numbers become free)')
    .option('--json', 'print one JSON document')
    .action(run('deleteTenant'));
}
