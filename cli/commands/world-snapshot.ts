// `snapshot save|restore|delete|list --tenant ID` (contract §5): one world saved and rewound while the others go on.
import { cdmxTime, counted, sizeText } from '../../server/lib/human-text.ts';
import { checkedName } from './snapshot.ts';
import { callTestbed } from '../environment.ts';
import { unreadLines, type NotSyncedAnswer } from './clock.ts';
import { CliError, print, type OutputOptions } from '../output.ts';
import { table } from '../lib/table.ts';
import type { WorldSnapshotInfo } from '../../server/world-snapshots/service.ts';
import { worldPath } from '../lib/control-path.ts';

// `--tenant ..` would reach the whole testbed's snapshots (worldPath refuses it).
const base = (tenantId: string): string => `${worldPath(tenantId)}/snapshots`;
const named = (tenantId: string, name: string) => `${base(tenantId)}/${checkedName(name)}`;

export async function saveWorldSnapshot(tenantId: string, name: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ name: string; tenant: string; createdAt: string }>(base(tenantId), { body: { name } });
  print(opts, body, `Instantánea del mundo ${body.tenant} guardada: ${body.name} (hora del mundo: ${cdmxTime(body.createdAt)})`);
}

type Restored = { name: string; now: string; cleared?: { faults?: number; requests?: number } } & NotSyncedAnswer;

/** The world's new time, what went with the restore, then a line for each part of its days the platforms could not give. */
export function restoredLines(tenantId: string, body: Restored): string {
  const cleared = [
    body.cleared?.faults !== undefined ? `${counted(body.cleared.faults, 'regla de falla borrada', 'reglas de falla borradas')}` : null,
    body.cleared?.requests !== undefined ? `${counted(body.cleared.requests, 'solicitud del diario borrada', 'solicitudes del diario borradas')}` : null,
  ].filter(Boolean);
  return `Mundo ${tenantId} restaurado a ${body.name}; hora del mundo: ${cdmxTime(body.now)}${cleared.length ? ` (${cleared.join('; ')})` : ''}${unreadLines(body)}`;
}

export async function restoreWorldSnapshot(tenantId: string, name: string, opts: OutputOptions & { clearFaults?: boolean; clearRequests?: boolean }): Promise<void> {
  const clear = { ...(opts.clearFaults && { clearFaults: true }), ...(opts.clearRequests && { clearRequests: true }) };
  const body = await callTestbed<Restored>(`${named(tenantId, name)}/restore`, { method: 'POST', ...(Object.keys(clear).length && { body: clear }) });
  print(opts, body, restoredLines(tenantId, body));
}

export async function deleteWorldSnapshot(tenantId: string, name: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ name: string; deleted: true }>(named(tenantId, name), { method: 'DELETE' });
  print(opts, body, `Instantánea del mundo ${tenantId} borrada: ${body.name}`);
}

export async function listWorldSnapshots(tenantId: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ data: WorldSnapshotInfo[] }>(base(tenantId));
  const rows = body.data.map((s) => [s.name, cdmxTime(s.createdAt), sizeText(s.sizeBytes)]);
  print(opts, body, rows.length ? table(['NOMBRE', 'HORA DEL MUNDO', 'TAMAÑO'], rows) : `El mundo ${tenantId} no tiene instantáneas.`);
}
