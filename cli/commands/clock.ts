import type { Command } from 'commander';
import { parseDuration } from '../../server/lib/clock.ts';
import { callTestbed } from '../environment.ts';
import { action, CliError, print, type OutputOptions } from '../output.ts';

export function registerClock(program: Command): void {
  const clock = program.command('clock').description('the simulated clock shared by the API and the platforms');

  clock
    .command('now')
    .description('print the simulated time')
    .option('--json', 'print one JSON document')
    .action(
      action(async (opts: OutputOptions) => {
        const body = await callTestbed<{ now: string }>('/clock');
        print(opts, body, body.now);
      }),
    );

  clock
    .command('advance <duration>')
    .description('move simulated time forward (45m, 6h, 3d); everything due has happened on return')
    .option('--json', 'print one JSON document')
    .action(
      action(async (duration: string, opts: OutputOptions) => {
        if (parseDuration(duration) === null) throw new CliError(`duración no válida: ${duration} (ejemplos: 45m, 6h, 3d)`);
        const body = await callTestbed<{ now: string }>('/clock/advance', { body: { duration } });
        print(opts, body, `Reloj simulado: ${body.now}`);
      }),
    );
}
