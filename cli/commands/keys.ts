import type { Command } from 'commander';
import { isScope, SCOPES, type Scope } from '../../server/auth/scopes.ts';
import { callTestbed, openTenantService } from '../environment.ts';
import { action, CliError, print, type OutputOptions } from '../output.ts';

export const keyCreatedLine = (k: { id: string; environment: string; scopes: readonly string[]; key: string }) =>
  `Clave ${k.id} creada — entorno: ${k.environment}; permisos: ${k.scopes.join(', ')}\n${k.key}`;

function parseScopes(text: string | undefined): Scope[] {
  if (text === undefined) return [...SCOPES];
  const scopes = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length || scopes.length === 0) {
    throw new CliError(`permisos desconocidos: ${unknown.join(', ') || '(vacío)'}; válidos: ${SCOPES.join(', ')}`);
  }
  return [...new Set(scopes)] as Scope[];
}

export function registerKeys(program: Command): void {
  const keys = program.command('keys').description('API keys of a tenant');

  keys
    .command('create')
    .description('create an API key; the secret is shown only here')
    .requiredOption('--tenant <tenantId>', 'tenant id')
    .option('--scopes <list>', `comma-separated scopes (default: all six)`)
    .option('--env <env>', 'test or live', 'test')
    .option('--json', 'print one JSON document')
    .action(
      action((opts: OutputOptions & { tenant: string; scopes?: string; env: string }) => {
        if (opts.env !== 'test' && opts.env !== 'live') throw new CliError('--env debe ser test o live');
        const scopes = parseScopes(opts.scopes);
        const { db, tenants } = openTenantService();
        try {
          const key = tenants.createKey(opts.tenant, scopes, opts.env);
          print(opts, key, keyCreatedLine(key));
        } finally {
          db.close();
        }
      }),
    );

  keys
    .command('revoke <keyId>')
    .description('revoke a key: it answers 401 from then on')
    .option('--json', 'print one JSON document')
    .action(
      action((keyId: string, opts: OutputOptions) => {
        const { db, tenants } = openTenantService();
        try {
          const revoked = tenants.revokeKey(keyId);
          print(opts, revoked, `Clave ${revoked.id} revocada el ${revoked.revokedAt}`);
        } finally {
          db.close();
        }
      }),
    );

  keys
    .command('list')
    .description('the keys of a tenant (never their secrets)')
    .requiredOption('--tenant <tenantId>', 'tenant id')
    .option('--json', 'print one JSON document')
    .action(
      action(async (opts: OutputOptions & { tenant: string }) => {
        type KeyView = { id: string; prefix: string; scopes: string[]; environment: string; createdAt: string; revokedAt: string | null };
        const body = await callTestbed<{ data: KeyView[] }>(`/tenants/${encodeURIComponent(opts.tenant)}/keys`);
        const lines = body.data.map((k) => `${k.id}\t${k.prefix}\t${k.environment}\t${k.revokedAt ? `revocada ${k.revokedAt}` : 'activa'}\t${k.scopes.join(',')}`);
        print(opts, body, lines.length ? ['id\tprefijo\tentorno\testado\tpermisos', ...lines].join('\n') : 'El tenant no tiene claves.');
      }),
    );
}
