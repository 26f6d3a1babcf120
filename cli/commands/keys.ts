import { isScope, SCOPES, type Scope } from '../../server/auth/scopes.ts';
import { similarNames } from '../../server/lib/similar-names.ts';
import { cdmxTime } from '../../server/lib/human-text.ts';
import { callTestbed, remoteServe, withTenantService } from '../environment.ts';
import { table } from '../lib/table.ts';
import { CliError, print, type OutputOptions } from '../output.ts';
import { idSegment, worldPath } from '../lib/control-path.ts';

export const keyCreatedLine = (k: { id: string; environment: string; scopes: readonly string[]; key: string }) =>
  `Clave ${k.id} creada — entorno: ${k.environment}; permisos: ${k.scopes.join(', ')}\n${k.key}`;

export function parseScopes(text: string | undefined): Scope[] {
  if (text === undefined) return [...SCOPES];
  const scopes = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !isScope(s));
  if (unknown.length || scopes.length === 0) {
    const meant = [...new Set(unknown.flatMap((s) => similarNames(s, SCOPES)))];
    const hint = meant.length ? `; ¿quisiste decir ${meant.join(' o ')}?` : '';
    throw new CliError(`permisos desconocidos: ${unknown.join(', ') || '(vacío)'}; válidos: ${SCOPES.join(', ')}${hint}`);
  }
  return [...new Set(scopes)] as Scope[];
}

export async function createKey(opts: OutputOptions & { tenant: string; scopes?: string; env: string }): Promise<void> {
  if (opts.env !== 'test' && opts.env !== 'live') throw new CliError('--env debe ser test o live');
  const scopes = parseScopes(opts.scopes);
  const environment = opts.env as 'test' | 'live';
  const key = remoteServe()
    ? { ...(await callTestbed<{ id: string; key: string; prefix: string; scopes: string[]; environment: string }>(
      `${worldPath(opts.tenant)}/keys`, { body: { scopes, environment } })), tenantId: opts.tenant.toLowerCase() }
    : await withTenantService((tenants) => tenants.createKey(opts.tenant, scopes, environment));
  print(opts, key, keyCreatedLine(key));
}

export async function revokeKey(keyId: string, opts: OutputOptions): Promise<void> {
  const revoked = remoteServe()
    ? await callTestbed<{ id: string; revokedAt: string }>(`/keys/${idSegment(keyId, 'La clave de API no existe.')}/revoke`, { method: 'POST' })
    : await withTenantService((tenants) => tenants.revokeKey(keyId));
  print(opts, revoked, `Clave ${revoked.id} revocada el ${cdmxTime(revoked.revokedAt)}`);
}

export async function listKeys(opts: OutputOptions & { tenant: string }): Promise<void> {
  type KeyView = { id: string; prefix: string; scopes: string[]; environment: string; createdAt: string; revokedAt: string | null };
  const body = await callTestbed<{ data: KeyView[] }>(`${worldPath(opts.tenant)}/keys`);
  const rows = body.data.map((k) => [k.id, k.prefix, k.environment, k.revokedAt ? `revocada ${cdmxTime(k.revokedAt)}` : 'activa', k.scopes.join(',')]);
  print(opts, body, rows.length ? table(['ID', 'PREFIJO', 'ENTORNO', 'ESTADO', 'PERMISOS'], rows) : 'El tenant no tiene claves.');
}
