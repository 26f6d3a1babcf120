import type { Command } from 'commander';
import { action } from '../output.ts';

interface BatchOptions {
  json?: boolean;
  keepGoing?: boolean;
}

/** `batch FILE` and `-` (stdin) run many command lines in this one process, each on a new program. */
export function declareBatch(program: Command, build: () => Command): void {
  const options = (command: Command) =>
    command
      .option('--json', 'every line prints one JSON value (JSON Lines); a failing line its error envelope')
      .option('--keep-going', 'run every line even after one fails (the exit code is the first failure\'s)');

  options(program.command('batch <file>').description('run the commands of a file, one a line, in one process (docs/scenarios.md)')).action(
    action(async (file: string, opts: BatchOptions) => {
      const { readFileLines, runBatch } = await import('../commands/batch.ts');
      await runBatch(readFileLines(file), opts, build);
    }),
  );

  options(program.command('-').description('run commands read from stdin, one a line, in one process (as batch)')).action(
    action(async (opts: BatchOptions) => {
      const { readStdinLines, runBatch } = await import('../commands/batch.ts');
      await runBatch(readStdinLines(), opts, build);
    }),
  );
}
