import { buildProgram } from './program/index.ts';
import { runCommand } from './run-command.ts';
import { endQuietlyWhenReaderLeaves } from './lib/closed-pipe.ts';

endQuietlyWhenReaderLeaves();
const exitCode = await runCommand(buildProgram, process.argv.slice(2));
// A failure ends the process at once; on success what is still running (serve) goes on.
if (exitCode !== 0) process.exit(exitCode);
