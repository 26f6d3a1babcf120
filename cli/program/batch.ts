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
      .option('--json', 'cada línea imprime un valor JSON (JSON Lines); una línea que falla, su sobre de error')
      .option('--keep-going', 'ejecuta todas las líneas aunque una falle (el código de salida es el del primer fallo)');

  options(program.command('batch <file>').description('ejecuta los comandos de un archivo, uno por línea, en un solo proceso (docs/scenarios.md)')).action(
    action(async (file: string, opts: BatchOptions) => {
      const { readFileLines, runBatch } = await import('../commands/batch.ts');
      await runBatch(readFileLines(file), opts, build);
    }),
  );

  options(program.command('-').description('ejecuta comandos leídos de stdin, uno por línea, en un solo proceso (como batch)')).action(
    action(async (opts: BatchOptions) => {
      const { readStdinLines, runBatch } = await import('../commands/batch.ts');
      await runBatch(readStdinLines(), opts, build);
    }),
  );
}
