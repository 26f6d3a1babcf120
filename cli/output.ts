// Loaded by every command, `--help` included: nothing here may import the server or a package.

export interface OutputOptions {
  json?: boolean;
}

/**
 * Pretty JSON for one command; JSON Lines in batch mode (one value a line). One setting per CLI
 * process: batch mode turns it on before its first line and nothing turns it back.
 */
let jsonIndent: number | undefined = 2;
export function useJsonLines(): void {
  jsonIndent = undefined;
}

/** How many JSON documents went to stdout: a failing command that printed one prints no envelope. */
let jsonWritten = 0;
export const jsonDocumentsWritten = () => jsonWritten;

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, jsonIndent) + '\n');
  jsonWritten++;
}

/** One JSON document with --json; a short human line otherwise. */
export function print(options: OutputOptions, value: unknown, human: string): void {
  if (options.json) printJson(value);
  else process.stdout.write(human + '\n');
}

/**
 * An expected failure: one line on stderr, the exit code, and with --json the error envelope on
 * stdout. `code` is the API's error code when the testbed or its services gave one, else null.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** A failing command ends with this exit code; the caller (main or batch) decides what ends. */
export function fail(message: string, exitCode = 1): never {
  throw new CliError(message, null, exitCode);
}

/**
 * The server's AppError, known by its shape: importing its class would load the server on every
 * command. It carries a catalog code and an HTTP status; Node's own errors have no status.
 */
function appErrorParts(err: unknown): { code: string; message: string } | null {
  if (!(err instanceof Error) || !('status' in err) || typeof err.status !== 'number') return null;
  return 'code' in err && typeof err.code === 'string' ? { code: err.code, message: err.message } : null;
}

/** Runs a command body, turning the service's errors into CliErrors (exit codes, no stack trace). */
export function action<A extends unknown[]>(fn: (...args: A) => unknown | Promise<unknown>) {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (err) {
      const appError = appErrorParts(err);
      if (appError) throw new CliError(appError.message, appError.code);
      throw err;
    }
  };
}
