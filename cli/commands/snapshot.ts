// `reset` and `snapshot save|restore|delete|list`: whole worlds of a running serve (contract §4).
import { callTestbed } from '../environment.ts';
import { print, type OutputOptions } from '../output.ts';

interface SnapshotInfo {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const path = (name: string) => `/snapshots/${encodeURIComponent(name)}`;

export async function reset(opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ now: string }>('/reset', { method: 'POST' });
  print(opts, body, `Testbed restablecido; reloj simulado: ${body.now}`);
}

export async function saveSnapshot(name: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ name: string; createdAt: string }>('/snapshots', { body: { name } });
  print(opts, body, `Instantánea guardada: ${body.name} (reloj simulado: ${body.createdAt})`);
}

export async function restoreSnapshot(name: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ name: string; now: string }>(`${path(name)}/restore`, { method: 'POST' });
  print(opts, body, `Instantánea restaurada: ${body.name}; reloj simulado: ${body.now}`);
}

export async function deleteSnapshot(name: string, opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ name: string; deleted: true }>(path(name), { method: 'DELETE' });
  print(opts, body, `Instantánea borrada: ${body.name}`);
}

export async function listSnapshots(opts: OutputOptions): Promise<void> {
  const body = await callTestbed<{ data: SnapshotInfo[] }>('/snapshots');
  const lines = body.data.map((s) => `${s.name}\t${s.createdAt}\t${megabytes(s.sizeBytes)}`);
  print(opts, body, lines.length ? ['nombre\treloj simulado\ttamaño', ...lines].join('\n') : 'No hay instantáneas guardadas.');
}
