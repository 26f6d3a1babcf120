import { Command } from 'commander';
import { declareBatch } from './program/batch.ts';
import { declareClock } from './program/clock.ts';
import { declareCoverage } from './program/coverage.ts';
import { declareJobs } from './program/jobs.ts';
import { declareKeys } from './program/keys.ts';
import { declareOpenApi } from './program/openapi.ts';
import { declarePlatformA } from './program/platform-a.ts';
import { declarePlatforms } from './program/platforms.ts';
import { declareRides } from './program/rides.ts';
import { declareScenario } from './program/scenario.ts';
import { declareServe } from './program/serve.ts';
import { declareSnapshot } from './program/snapshot.ts';
import { declareTenants } from './program/tenants.ts';
import { runCommand } from './run-command.ts';

/**
 * The command list: names, options and descriptions (cli/program/), and nothing else. Each action
 * imports its code (cli/commands/) when it runs, so `--help` loads no command, and a command loads
 * only its own (docs/performance.md). A new program for every command line: batch mode runs many.
 */
export function buildProgram(): Command {
  const program = new Command('fleet-sim')
    .description('Fleet Partner API testbed: the API on SQLite with simulated ride platforms')
    .showHelpAfterError()
    // Set before the commands are declared, so they inherit it: runCommand decides what ends the process.
    .exitOverride();

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
  declareBatch(program, buildProgram);
  return program;
}

const exitCode = await runCommand(buildProgram, process.argv.slice(2));
// A failure ends the process at once; on success what is still running (serve) goes on.
if (exitCode !== 0) process.exit(exitCode);
