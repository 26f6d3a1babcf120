import { dirname, isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This module's folder: the library's own frames (testing/, dist/testing/ or its bundle's folder). */
const OWN_DIR = dirname(fileURLToPath(import.meta.url)) + sep;
/** A stack frame's location: `(file:///…/a.test.ts:12:3)`, `at /…/a.test.ts:12:3`, `C:\…`. */
const LOCATION = /(?:\(|at )((?:file:\/\/)?[^()]*?):\d+:\d+\)?$/;

/**
 * The file of the code that called the library (a test file), relative to the working directory with
 * `/` between folders, or null when the stack names none (a REPL, an eval): where a world's default
 * name comes from, so a file's worlds have names of their own, and so ids of their own (docs/testing.md).
 */
export function callerFile(stack = new Error().stack ?? ''): string | null {
  for (const line of stack.split('\n').slice(1)) {
    const found = LOCATION.exec(line.trim())?.[1];
    if (!found || found.startsWith('node:')) continue;
    const file = found.startsWith('file://') ? fileURLToPath(found) : found;
    if (!isAbsolute(file) || file.startsWith(OWN_DIR) || file.includes(`${sep}node_modules${sep}`)) continue;
    const shown = relative(process.cwd(), file);
    return (shown.startsWith('..') ? file : shown).split(sep).join('/');
  }
  return null;
}
