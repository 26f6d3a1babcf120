import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/keys.ts'));

export function declareKeys(program: Command): void {
  const keys = program.command('keys').description('API keys of a tenant');

  keys
    .command('create')
    .description('create an API key; the secret is shown only here')
    .requiredOption('--tenant <tenantId>', 'tenant id')
    .option('--scopes <list>', `comma-separated scopes (default: all six)`)
    .option('--env <env>', 'test or live', 'test')
    .option('--json', 'print one JSON document')
    .action(run('createKey'));

  keys
    .command('revoke <keyId>')
    .description('revoke a key: it answers 401 from then on')
    .option('--json', 'print one JSON document')
    .action(run('revokeKey'));

  keys
    .command('list')
    .description('the keys of a tenant (never their secrets)')
    .requiredOption('--tenant <tenantId>', 'tenant id')
    .option('--json', 'print one JSON document')
    .action(run('listKeys'));
}
