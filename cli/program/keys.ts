import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

const tenant = { '--tenant <tenantId>': 'id del tenant' };

export const declareKeys = (program: Command) =>
  declareGroup(program, 'keys', 'claves de API de un tenant', () => import('../commands/keys.ts'), {
    create: {
      does: 'crea una clave de API; el secreto solo se muestra aquí',
      run: 'createKey',
      required: tenant,
      options: { '--scopes <list>': 'permisos separados por comas (por omisión: los seis)', '--env <env>': ['test o live', 'test'] },
    },
    'revoke <keyId>': { does: 'revoca una clave: desde entonces responde 401', run: 'revokeKey' },
    list: { does: 'las claves de un tenant (nunca sus secretos)', run: 'listKeys', required: tenant },
  });
