// `reset` and `snapshot save|restore|delete|list`: whole worlds of a running serve (contract §4);
// with `--tenant ID`, one world (world-snapshot.ts).
import { cdmxTime, sizeText } from '../../server/lib/human-text.ts';
import type { SnapshotInfo } from '../../server/snapshots/files.ts';
import { callTestbed } from '../environment.ts';
import { table } from '../lib/table.ts';
import { CliError, print, type OutputOptions } from '../output.ts';

type SnapshotOptions = OutputOptions & { tenant?: string; clearFaults?: boolean; clearRequests?: boolean };
const world = () => import('./world-snapshot.ts');

/**
 * The serve's rule for names (server/snapshots/files.ts), checked here first: in a URL, `..` and `.`
 * are path steps, so `snapshot restore ..` would call another route instead of being refused. A copy
 * of the rule, not an import: the HTTP commands load no server module but configuration.
 */
const NAME = /^[a-z0-9-]{1,64}$/;
/** The name checked (for world snapshots too) and made safe for a URL. */
export function checkedName(name: string): string {
  if (!NAME.test(name)) {
    throw new CliError(`Nombre de instantánea no válido: «${name}» (de 1 a 64 letras minúsculas, dígitos o guiones).`, 'VALIDATION');
  }
  return encodeURIComponent(name);
}
const path = (name: string) => `/snapshots/${checkedName(name)}`;

export async function reset(opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ now: string }>('/reset', { method: 'POST' });
  print(opts, body, `Testbed restablecido; reloj simulado: ${cdmxTime(body.now)}`);
}

export async function saveSnapshot(name: string, opts: SnapshotOptions): Promise<void> {
  if (opts.tenant !== undefined) return (await world()).saveWorldSnapshot(opts.tenant, name, opts);
  const body = await callTestbed<{ name: string; createdAt: string }>('/snapshots', { body: { name } });
  print(opts, body, `Instantánea guardada: ${body.name} (reloj simulado: ${cdmxTime(body.createdAt)})`);
}

export async function restoreSnapshot(name: string, opts: SnapshotOptions): Promise<void> {
  if (opts.tenant !== undefined) return (await world()).restoreWorldSnapshot(opts.tenant, name, opts);
  // A whole restore replaces every world, their rules and journals included: nothing to clear.
  if (opts.clearFaults || opts.clearRequests) {
    const flags = [opts.clearFaults && '--clear-faults', opts.clearRequests && '--clear-requests'].filter(Boolean).join(' y ');
    throw new CliError(`${flags} ${flags.includes(' y ') ? 'son' : 'es'} para la instantánea de un mundo (con --tenant ID): una restauración de todo el testbed ya borra las reglas y los diarios de todos`, 'VALIDATION');
  }
  const body = await callTestbed<{ name: string; now: string }>(`${path(name)}/restore`, { method: 'POST' });
  print(opts, body, `Instantánea restaurada: ${body.name}; reloj simulado: ${cdmxTime(body.now)}`);
}

export async function deleteSnapshot(name: string, opts: SnapshotOptions): Promise<void> {
  if (opts.tenant !== undefined) return (await world()).deleteWorldSnapshot(opts.tenant, name, opts);
  const body = await callTestbed<{ name: string; deleted: true }>(path(name), { method: 'DELETE' });
  print(opts, body, `Instantánea borrada: ${body.name}`);
}

/** Newest first by when they were taken (real time); the simulated time each holds beside it. */
export function describeSnapshots(snapshots: SnapshotInfo[]): string {
  if (snapshots.length === 0) return 'No hay instantáneas guardadas de todo el testbed (las de un mundo: fleet-sim snapshot list --tenant ID).';
  const rows = snapshots.map((s) => [s.name, cdmxTime(s.takenAt), cdmxTime(s.createdAt), sizeText(s.sizeBytes)]);
  return table(['NOMBRE', 'TOMADA (HORA REAL)', 'RELOJ SIMULADO', 'TAMAÑO'], rows);
}

export async function listSnapshots(opts: SnapshotOptions): Promise<void> {
  if (opts.tenant !== undefined) return (await world()).listWorldSnapshots(opts.tenant, opts);
  const body = await callTestbed<{ data: SnapshotInfo[] }>('/snapshots');
  print(opts, body, describeSnapshots(body.data));
}
