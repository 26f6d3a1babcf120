import type { Command } from 'commander';
import { callTestbed } from '../environment.ts';
import { action, print, type OutputOptions } from '../output.ts';

interface SnapshotInfo {
  name: string;
  createdAt: string;
  sizeBytes: number;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const path = (name: string) => `/snapshots/${encodeURIComponent(name)}`;

/** `reset` and `snapshot save|restore|delete|list`: whole worlds of a running serve (contract §4). */
export function registerSnapshot(program: Command): void {
  program
    .command('reset')
    .description('bring the running testbed back to the state of a new data dir (the demo tenant and its key kept)')
    .option('--json', 'print one JSON document')
    .action(
      action(async (opts: OutputOptions) => {
        const body = await callTestbed<{ now: string }>('/reset', { method: 'POST' });
        print(opts, body, `Testbed restablecido; reloj simulado: ${body.now}`);
      }),
    );

  const snapshot = program.command('snapshot').description('save and bring back the whole state of the running testbed');

  snapshot
    .command('save <name>')
    .description('save both processes\' state under NAME ([a-z0-9-], up to 64); replaces a snapshot of that name')
    .option('--json', 'print one JSON document')
    .action(
      action(async (name: string, opts: OutputOptions) => {
        const body = await callTestbed<{ name: string; createdAt: string }>('/snapshots', { body: { name } });
        print(opts, body, `Instantánea guardada: ${body.name} (reloj simulado: ${body.createdAt})`);
      }),
    );

  snapshot
    .command('restore <name>')
    .description('bring everything back exactly as it was when NAME was saved')
    .option('--json', 'print one JSON document')
    .action(
      action(async (name: string, opts: OutputOptions) => {
        const body = await callTestbed<{ name: string; now: string }>(`${path(name)}/restore`, { method: 'POST' });
        print(opts, body, `Instantánea restaurada: ${body.name}; reloj simulado: ${body.now}`);
      }),
    );

  snapshot
    .command('delete <name>')
    .description('delete a saved snapshot')
    .option('--json', 'print one JSON document')
    .action(
      action(async (name: string, opts: OutputOptions) => {
        const body = await callTestbed<{ name: string; deleted: true }>(path(name), { method: 'DELETE' });
        print(opts, body, `Instantánea borrada: ${body.name}`);
      }),
    );

  snapshot
    .command('list')
    .description('the saved snapshots, newest first')
    .option('--json', 'print one JSON document')
    .action(
      action(async (opts: OutputOptions) => {
        const body = await callTestbed<{ data: SnapshotInfo[] }>('/snapshots');
        const lines = body.data.map((s) => `${s.name}\t${s.createdAt}\t${megabytes(s.sizeBytes)}`);
        print(opts, body, lines.length ? ['nombre\treloj simulado\ttamaño', ...lines].join('\n') : 'No hay instantáneas guardadas.');
      }),
    );
}
