import { AppError } from '../server/errors.ts';

export interface OutputOptions {
  json?: boolean;
}

/** One JSON document with --json; a short human line otherwise. */
export function print(options: OutputOptions, value: unknown, human: string): void {
  process.stdout.write(options.json ? JSON.stringify(value, null, 2) + '\n' : human + '\n');
}

/** A failing command exits non-zero with a clear message on stderr (contract §2). */
export function fail(message: string, code = 1): never {
  process.stderr.write(`error: ${message}\n`);
  process.exit(code);
}

/** Runs a command body, turning expected failures into a clean exit instead of a stack trace. */
export function action<A extends unknown[]>(fn: (...args: A) => unknown | Promise<unknown>) {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (err) {
      if (err instanceof AppError || err instanceof CliError) fail(err.message);
      throw err;
    }
  };
}

export class CliError extends Error {}
