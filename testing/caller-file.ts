import { dirname, isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `at fn (LOCATION)`, `at LOCATION`, `at async fn (LOCATION)`: LOCATION ends in `:line:column`. */
function locationOf(frame: string): string | null {
  const line = frame.trim().replace(/^at (async )?/, '');
  if (!/:\d+:\d+\)?$/.test(line)) return null;
  if (!line.endsWith(')')) return line.replace(/:\d+:\d+$/, '');
  // The parenthesis that opens the one closing the frame: a folder may have some in its name.
  let depth = 0;
  for (let i = line.length - 1; i >= 0; i--) {
    if (line[i] === ')') depth++;
    else if (line[i] === '(' && --depth === 0) return line.slice(i + 1, -1).replace(/:\d+:\d+$/, '');
  }
  return null;
}

const fileOf = (location: string): string => (location.startsWith('file://') ? fileURLToPath(location) : location);

/**
 * This module's folder, from its own first frame rather than `import.meta.url`: bundled (the
 * package's CommonJS entry), the library's frames are the bundle's, in another folder than the file
 * import.meta.url is rewritten to.
 */
const OWN_DIR = (() => {
  const own = (new Error().stack ?? '').split('\n').slice(1).map(locationOf).find((l) => l !== null);
  return own ? dirname(fileOf(own)) + sep : null;
})();

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/**
 * The test file that called the library, relative to the working directory with `/` between folders
 * (absolute when outside it), or null when the stack names none (a REPL, an eval): where a world's
 * default name comes from, so a file's worlds have names, and so ids, of their own
 * (docs/testing.md). Of the frames outside the library, node's and node_modules (the runner's), the
 * outermost `*.test.*` or `*.spec.*` file, else the outermost file: a helper the test calls
 * (examples/vitest/world.ts) is not what tells the test files apart.
 */
export function callerFile(stack: string, ownDir: string | null = OWN_DIR): string | null {
  const files = stack.split('\n').slice(1).map(locationOf)
    .filter((l): l is string => l !== null && !l.startsWith('node:'))
    .map(fileOf)
    .filter((f) => isAbsolute(f) && !(ownDir !== null && f.startsWith(ownDir)) && !f.includes(`${sep}node_modules${sep}`));
  const file = [...files].reverse().find((f) => TEST_FILE.test(f)) ?? files.at(-1);
  if (file === undefined) return null;
  const shown = relative(process.cwd(), file);
  return (shown.startsWith('..') ? file : shown).split(sep).join('/');
}

/** The stack of the call under way, deep enough to reach a test file below the runner's frames. */
export function deepStack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  try {
    return new Error().stack ?? '';
  } finally {
    Error.stackTraceLimit = limit;
  }
}
