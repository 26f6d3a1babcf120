import { Command } from 'commander';
import { declareBatch } from './batch.ts';
import { declareClock } from './clock.ts';
import { declareCoverage } from './coverage.ts';
import { declareFaults } from './faults.ts';
import { declareJobs } from './jobs.ts';
import { declareKeys } from './keys.ts';
import { declareOpenApi } from './openapi.ts';
import { declarePlatformA } from './platform-a.ts';
import { declarePlatforms } from './platforms.ts';
import { declareRequests } from './requests.ts';
import { declareRides } from './rides.ts';
import { declareScenario } from './scenario.ts';
import { declareServe } from './serve.ts';
import { declareSnapshot } from './snapshot.ts';
import { declareTenants } from './tenants.ts';
import { speakSpanish } from '../lib/commander-spanish.ts';
import { refuseOptionsAsValues } from '../lib/option-as-value.ts';

/**
 * The command list: names, options and descriptions (cli/program/), and nothing else. Each action
 * imports its code (cli/commands/) when it runs, so `--help` loads no command, and a command loads
 * only its own (docs/performance.md). A new program for every command line: batch mode runs many.
 */
export function buildProgram(): Command {
  const program = speakSpanish(new Command('fleet-sim'))
    .description('banco de pruebas de la Fleet Partner API: la API sobre SQLite con las plataformas de viajes simuladas')
    // Listed in the help; answered by runCommand before the program parses, so that `--help` reads no package.json.
    .option('-V, --version', 'muestra la versión del paquete')
    .showHelpAfterError()
    // Set before the commands are declared, so they inherit it: runCommand decides what ends the process.
    .exitOverride();
  refuseOptionsAsValues(program);

  declareServe(program);
  declareTenants(program);
  declareKeys(program);
  declareClock(program);
  declarePlatformA(program);
  declareJobs(program);
  declareScenario(program);
  declareOpenApi(program);
  declareRides(program);
  declareSnapshot(program);
  declarePlatforms(program);
  declareCoverage(program);
  declareFaults(program);
  declareRequests(program);
  declareBatch(program, buildProgram);
  return program;
}
