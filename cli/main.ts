import { Command } from 'commander';
import { registerServe } from './commands/serve.ts';
import { registerTenants } from './commands/tenants.ts';
import { registerKeys } from './commands/keys.ts';
import { registerClock } from './commands/clock.ts';
import { registerPlatformA } from './commands/platform-a.ts';
import { registerJobs } from './commands/jobs.ts';
import { registerScenario } from './commands/scenario.ts';
import { registerOpenApi } from './commands/openapi.ts';
import { registerRides } from './commands/rides.ts';
import { registerSnapshot } from './commands/snapshot.ts';
import { registerPlatforms } from './commands/platforms.ts';
import { registerCoverage } from './commands/coverage.ts';

const program = new Command('fleet-sim')
  .description('Fleet Partner API testbed: the API on SQLite with simulated ride platforms')
  .showHelpAfterError();

registerServe(program);
registerTenants(program);
registerKeys(program);
registerClock(program);
registerPlatformA(program);
registerJobs(program);
registerScenario(program);
registerOpenApi(program);
registerRides(program);
registerSnapshot(program);
registerPlatforms(program);
registerCoverage(program);

await program.parseAsync(process.argv);
