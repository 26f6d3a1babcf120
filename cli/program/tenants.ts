import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

export const declareTenants = (program: Command) =>
  declareGroup(program, 'tenants', 'tenants (flotas) del testbed', () => import('../commands/tenants.ts'), {
    create: {
      does: 'crea un tenant, activo o pendiente (en revisión)',
      run: 'createTenant',
      required: { '--name <name>': 'nombre del tenant (no vacío)' },
      options: {
        '--pending': 'lo crea en revisión: sus claves responden 403 TENANT_PENDING',
        '--fixture <json>': 'lo puebla en el serve en marcha, p. ej. \'{"vehicles":5,"registeredOn":["platform_b"]}\', o @archivo.json (docs/testing.md)',
      },
    },
    'approve <tenantId>': { does: 'un tenant pendiente pasa a activo', run: 'approveTenant' },
    list: { does: 'los tenants del serve en marcha, cada uno con su hora simulada', run: 'listTenants' },
    'delete [tenantId]': {
      does: 'borra un tenant con todos sus datos y sus datos en las plataformas (sus placas, VIN y números quedan libres)',
      run: 'deleteTenant',
      options: { '--name-prefix <prefix>': 'en vez de un id: todos los tenants cuyo nombre empieza así (distingue mayúsculas; nunca vacío)' },
    },
  });
