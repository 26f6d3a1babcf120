import type { Command } from 'commander';
import { callTestbed } from '../environment.ts';
import { action, CliError, print, type OutputOptions } from '../output.ts';

const VERDICTS = ['approved', 'rejected'];

/** Human lines read in Spanish; platform values (approved, bound…) are shown as values after a label. */
export const reviewLine = (r: { vehicleId: string; verdict: string; card: string }) =>
  `Revisión del vehículo ${r.vehicleId} decidida — vehículo: ${r.verdict}; tarjeta: ${r.card}`;
export const answerLine = (r: { driverId: string; status: string }, verb: string) =>
  `El conductor ${r.driverId} ${verb} la invitación — estado: ${r.status}`;

export function registerPlatformA(program: Command): void {
  const platformA = program.command('platform-a').description('act as platform_a: its reviewers and its drivers');

  platformA
    .command('review <vehicleId>')
    .description('platform_a decides the pending review of a vehicle now (the API sees it through refresh)')
    .requiredOption('--verdict <verdict>', 'approved or rejected')
    .option('--card <verdict>', 'the circulation card verdict: approved or rejected')
    .option('--json', 'print one JSON document')
    .action(
      action(async (vehicleId: string, opts: OutputOptions & { verdict: string; card?: string }) => {
        if (!VERDICTS.includes(opts.verdict)) throw new CliError('--verdict debe ser approved o rejected');
        if (opts.card !== undefined && !VERDICTS.includes(opts.card)) throw new CliError('--card debe ser approved o rejected');
        const body = await callTestbed<{ vehicleId: string; verdict: string; card: string }>(
          `/platform-a/vehicles/${encodeURIComponent(vehicleId)}/review`,
          { body: { verdict: opts.verdict, card: opts.card } },
        );
        print(opts, body, reviewLine(body));
      }),
    );

  for (const [name, verb] of [
    ['accept', 'acepta'],
    ['decline', 'rechaza'],
  ] as const) {
    platformA
      .command(`${name} <driverId>`)
      .description(`the driver ${name}s the invitation in the platform app (the API sees it through refresh)`)
      .option('--json', 'print one JSON document')
      .action(
        action(async (driverId: string, opts: OutputOptions) => {
          const body = await callTestbed<{ driverId: string; status: string }>(
            `/platform-a/drivers/${encodeURIComponent(driverId)}/${name}`,
            { method: 'POST' },
          );
          print(opts, body, answerLine(body, verb));
        }),
      );
  }
}
