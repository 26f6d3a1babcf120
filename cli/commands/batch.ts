import { readText, withoutBom } from '../lib/read-text.ts';
import { createInterface } from 'node:readline';
import type { Command } from 'commander';
import { LineSyntaxError, splitLine } from '../lib/split-line.ts';
import { CliError, printJson, useJsonLines } from '../output.ts';
import { runCommand } from '../run-command.ts';
import { fileProblem } from '../lib/file-errors.ts';
import { readerHasLeft } from '../lib/closed-pipe.ts';

interface BatchOptions {
  json?: boolean;
  keepGoing?: boolean;
}

/** Commands that never return, or would run a batch inside the batch. */
const NOT_IN_BATCH = new Set(['serve', 'batch', '-']);

export function readFileLines(file: string): string[] {
  try {
    return readText(file).split('\n');
  } catch (err) {
    throw new CliError(`no se pudo leer ${file}: ${fileProblem(err, 'read')}`);
  }
}

/** Line by line as they arrive: a generator piping commands in is answered as it goes (a byte-order mark first dropped, as from a file). */
export async function* readStdinLines(): AsyncIterable<string> {
  let first = true;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    yield first ? withoutBom(line) : line;
    first = false;
  }
}

/** A failure the batch itself finds (a line it cannot split or will not run), shown as a command's would be. */
function refuse(message: string, opts: BatchOptions): number {
  process.stderr.write(`error: ${message}\n`);
  if (opts.json) printJson({ error: { code: null, message } });
  return 1;
}

/** One line's exit code, or null for a blank line or a comment. */
async function runLine(line: string, opts: BatchOptions, build: () => Command): Promise<number | null> {
  let words: string[];
  try {
    words = splitLine(line);
  } catch (err) {
    if (err instanceof LineSyntaxError) return refuse(err.message, opts);
    throw err;
  }
  if (words.length === 0) return null;
  if (NOT_IN_BATCH.has(words[0])) return refuse(`"${words[0]}" no se puede usar en modo batch`, opts);
  // It ends only at Ctrl-C, which ended the batch with 0 and the lines after it never run.
  if (words[0] === 'requests' && words.some((w) => w === '--follow' || w.startsWith('--follow='))) {
    return refuse('"requests --follow" no se puede usar en modo batch: no termina hasta Ctrl-C, y las líneas siguientes no se ejecutarían', opts);
  }
  return runCommand(build, words, { json: opts.json });
}

/**
 * Runs each line as `fleet-sim <line>` would, in order; blank lines and comments are skipped. The
 * first failure ends the batch with that command's exit code, naming its line; with --keep-going
 * every line runs and the batch fails with the first failure's code.
 */
export async function runBatch(lines: Iterable<string> | AsyncIterable<string>, opts: BatchOptions, build: () => Command): Promise<void> {
  useJsonLines();
  const failed: { line: number; exitCode: number }[] = [];
  let number = 0;
  let ran = 0;
  for await (const line of lines) {
    number++;
    const exitCode = await runLine(line, opts, build);
    if (exitCode === null) continue;
    ran++;
    // Kept as the process's too: a reader gone later ends it with this code (closed-pipe.ts), not 0.
    if (exitCode !== 0) process.exitCode ??= exitCode;
    // A line that finished past a reader gone (scenario run | head -1): no more lines, for nobody.
    if (readerHasLeft()) {
      if (exitCode !== 0) failed.push({ line: number, exitCode });
      break;
    }
    if (exitCode === 0) continue;
    if (!opts.keepGoing) throw new CliError(`se detuvo en la línea ${number}: ${line.trim()}`, null, exitCode);
    process.stderr.write(`error: falló la línea ${number}: ${line.trim()}\n`);
    failed.push({ line: number, exitCode });
  }
  if (failed.length) {
    const numbers = failed.map((f) => f.line).join(', ');
    const what = failed.length === 1 ? `falló 1 de ${ran} comandos (línea ${numbers})` : `fallaron ${failed.length} de ${ran} comandos (líneas ${numbers})`;
    throw new CliError(what, null, failed[0].exitCode);
  }
}
