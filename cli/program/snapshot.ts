import type { Command } from 'commander';
import { declareCommands, declareGroup } from './declare.ts';

const load = () => import('../commands/snapshot.ts');

export function declareSnapshot(program: Command): void {
  declareCommands(program, load, {
    reset: { does: 'bring the running testbed back to the state of a new data dir (the demo tenant and its key kept)', run: 'reset' },
  });
  declareGroup(program, 'snapshot', 'save and bring back the whole state of the running testbed', load, {
    'save <name>': { does: "save both processes' state under NAME ([a-z0-9-], up to 64); replaces a snapshot of that name", run: 'saveSnapshot' },
    'restore <name>': { does: 'bring everything back exactly as it was when NAME was saved', run: 'restoreSnapshot' },
    'delete <name>': { does: 'delete a saved snapshot', run: 'deleteSnapshot' },
    list: { does: 'the saved snapshots, newest first', run: 'listSnapshots' },
  });
}
