import type { Command } from 'commander';
import { parseDuration } from '../../server/lib/clock.ts';
import { callTestbed } from '../environment.ts';
import { action, CliError, print, type OutputOptions } from '../output.ts';

type ClockOptions = OutputOptions & { tenant?: string };

const tenantOption = '--tenant <id>';
const tenantHelp = "a tenant's own clock (its world) instead of the service time";
const whose = (tenant?: string) => (tenant ? `Reloj del tenant ${tenant}` : 'Reloj simulado');

export function registerClock(program: Command): void {
  const clock = program
    .command('clock')
    .description('the simulated clock: the service time, shared by every tenant, plus each tenant\'s own offset');

  clock
    .command('now')
    .description('print the simulated time (of one tenant with --tenant)')
    .option(tenantOption, tenantHelp)
    .option('--json', 'print one JSON document')
    .action(
      action(async (opts: ClockOptions) => {
        const query = opts.tenant === undefined ? '' : `?tenant=${encodeURIComponent(opts.tenant)}`;
        const body = await callTestbed<{ now: string }>(`/clock${query}`);
        print(opts, body, body.now);
      }),
    );

  clock
    .command('advance <duration>')
    .description('move simulated time forward (45m, 6h, 3d): every tenant, or one with --tenant; everything due has happened on return')
    .option(tenantOption, tenantHelp)
    .option('--json', 'print one JSON document')
    .action(
      action(async (duration: string, opts: ClockOptions) => {
        if (parseDuration(duration) === null) throw new CliError(`duración no válida: ${duration} (ejemplos: 45m, 6h, 3d)`);
        const body = await callTestbed<{ now: string }>('/clock/advance', { body: { duration, tenant: opts.tenant } });
        print(opts, body, `${whose(opts.tenant)}: ${body.now}`);
      }),
    );
}
