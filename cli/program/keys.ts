import type { Command } from 'commander';
import { declareGroup } from './declare.ts';

const tenant = { '--tenant <tenantId>': 'tenant id' };

export const declareKeys = (program: Command) =>
  declareGroup(program, 'keys', 'API keys of a tenant', () => import('../commands/keys.ts'), {
    create: {
      does: 'create an API key; the secret is shown only here',
      run: 'createKey',
      required: tenant,
      options: { '--scopes <list>': 'comma-separated scopes (default: all six)', '--env <env>': ['test or live', 'test'] },
    },
    'revoke <keyId>': { does: 'revoke a key: it answers 401 from then on', run: 'revokeKey' },
    list: { does: 'the keys of a tenant (never their secrets)', run: 'listKeys', required: tenant },
  });
