import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareTenants = (program: Command) =>
  declareGroup(program, 'tenants', 'tenants (fleets) of the testbed', () => import('../commands/tenants.ts'), {
    create: {
      does: 'create a tenant, active or pending (under review)',
      run: 'createTenant',
      required: { '--name <name>': 'tenant name' },
      options: { '--pending': 'create it under review: its keys answer 403 TENANT_PENDING' },
    },
    'approve <tenantId>': { does: 'a pending tenant becomes active', run: 'approveTenant' },
    list: { does: 'the tenants of the running serve, each with its own simulated time', run: 'listTenants' },
    'delete <tenantId>': {
      does: 'delete a tenant with all its data and its platform data (its plates, VINs and numbers become free)',
      run: 'deleteTenant',
    },
  });
