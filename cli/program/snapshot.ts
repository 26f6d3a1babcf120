import type { Command } from 'commander';
import { lazy } from '../lib/lazy-action.ts';

const run = lazy(() => import('../commands/snapshot.ts'));

export function declareSnapshot(program: Command): void {
  program
    .command('reset')
    .description('bring the running testbed back to the state of a new data dir (the demo tenant and its key kept)')
    .option('--json', 'print one JSON document')
    .action(run('reset'));

  const snapshot = program.command('snapshot').description('save and bring back the whole state of the running testbed');

  snapshot
    .command('save <name>')
    .description('save both processes\' state under NAME ([a-z0-9-], up to 64); replaces a snapshot of that name')
    .option('--json', 'print one JSON document')
    .action(run('saveSnapshot'));

  snapshot
    .command('restore <name>')
    .description('bring everything back exactly as it was when NAME was saved')
    .option('--json', 'print one JSON document')
    .action(run('restoreSnapshot'));

  snapshot
    .command('delete <name>')
    .description('delete a saved snapshot')
    .option('--json', 'print one JSON document')
    .action(run('deleteSnapshot'));

  snapshot
    .command('list')
    .description('the saved snapshots, newest first')
    .option('--json', 'print one JSON document')
    .action(run('listSnapshots'));
}
