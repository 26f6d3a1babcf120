import { CommanderError, type Command } from 'commander';
import { spanishCommanderMessage } from './lib/commander-spanish.ts';
import { installProblem } from './native-check.mjs';
import { CliError, jsonDocumentsWritten, printJson } from './output.ts';

/** The words before `--`: only there is `--json` an option. */
const wantsJson = (words: string[]) => {
  const end = words.indexOf('--');
  return (end === -1 ? words : words.slice(0, end)).includes('--json');
};

/** What Node throws when a module or a native binary does not load: never a command's own answer. */
const LOAD_FAILURES = new Set(['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND', 'ERR_DLOPEN_FAILED']);
const isLoadFailure = (err: unknown) => LOAD_FAILURES.has(String((err as { code?: unknown } | null)?.code));

/**
 * Commander writes its own message (usage errors, the help) before it throws. A command that could
 * not load what it needs may have met a broken install of the database (better-sqlite3 missing, its
 * binary not loading), wherever it was reached: then that install's one line is the message. Any
 * other failure keeps its own (a serve's 404 is a 404 on any install).
 */
function failureOf(err: unknown): { failure: CliError; written: boolean } {
  if (err instanceof CommanderError) {
    return { failure: new CliError(spanishCommanderMessage(err.message).replace(/^error: /, ''), null, err.exitCode), written: true };
  }
  const broken = isLoadFailure(err) ? installProblem() : null;
  if (broken) return { failure: new CliError(broken.replace(/^error: /, '')), written: false };
  if (err instanceof CliError) return { failure: err, written: false };
  return { failure: new CliError(err instanceof Error ? err.message : String(err)), written: false };
}

/**
 * `--json` for every command that has it, as if the line said so. Not by adding the word to the
 * line: after an option missing its value (`clock now --tenant`) the word would become that value.
 */
function forceJson(program: Command): Command {
  return program.hook('preAction', (_, command) => {
    if (command.options.some((option) => option.attributeName() === 'json')) command.setOptionValue('json', true);
  });
}

/**
 * Runs one command line on a program of its own (options never carry over to the next line) and
 * returns its exit code; the process goes on. A failure is one line on stderr, never a stack
 * trace; with --json, a command that printed nothing prints the error envelope on stdout, so a
 * script reading stdout gets exactly one JSON document either way.
 */
export async function runCommand(build: () => Command, words: string[], options: { json?: boolean } = {}): Promise<number> {
  // `fleet-sim --version` alone: the package's version, read only then (--help and the commands read no package.json).
  if (words.length === 1 && (words[0] === '--version' || words[0] === '-V')) {
    process.stdout.write(`${(await import('../server/lib/package-manifest.ts')).packageManifest().version}\n`);
    return 0;
  }
  const documents = jsonDocumentsWritten();
  const json = options.json || wantsJson(words);
  try {
    const program = build();
    await (options.json ? forceJson(program) : program).parseAsync(words, { from: 'user' });
    return 0;
  } catch (err) {
    const { failure, written } = failureOf(err);
    if (failure.exitCode === 0) return 0; // the help, asked for
    if (!written) process.stderr.write(`error: ${failure.message}\n`);
    if (json && jsonDocumentsWritten() === documents) printJson({ error: { code: failure.code, message: failure.message } });
    return failure.exitCode;
  }
}
