import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callerFile } from '../../testing/caller-file.ts';

const OWN = join(process.cwd(), 'dist', 'bundles') + sep;
const at = (...parts: string[]) => join(process.cwd(), ...parts);
const frames = (...lines: string[]) => ['Error', ...lines.map((l) => `    at ${l}`)].join('\n');
const runner = `file://${at('node_modules', 'vitest', 'dist', 'runner.js')}:9:9`;

describe('callerFile: the test file a world\'s default name comes from', () => {
  it('when a test calls the library through a helper of its own, then the test file is named, relative, with /', () => {
    const stack = frames(
      `createWorld (${pathToFileURL(at('dist', 'bundles', 'testing.cjs')).href}:120:5)`,
      `newWorld (${at('test', 'support', 'world.ts')}:7:20)`,
      `${pathToFileURL(at('test', 'facturas.test.ts')).href}:12:30`,
      runner,
      'node:internal/process/task_queues:105:5',
    );
    expect(callerFile(stack, OWN)).toBe('test/facturas.test.ts');
  });

  it('when the frames are async ones, or a folder has parentheses in its name, then they are read all the same', () => {
    const inParens = at('proyecto (copia)', 'pagos.spec.mjs');
    expect(callerFile(frames(`async ${pathToFileURL(at('a.test.ts')).href}:5:3`, runner), OWN)).toBe('a.test.ts');
    expect(callerFile(frames(`async Promise.all (index 0)`, `async setup (${inParens}:3:1)`, runner), OWN)).toBe('proyecto (copia)/pagos.spec.mjs');
  });

  it('when no frame is a test file, then the outermost file of the caller is named', () => {
    expect(callerFile(frames(`helper (${at('scripts', 'semilla.mjs')}:1:1)`, `main (${at('scripts', 'run.mjs')}:2:2)`, runner), OWN)).toBe('scripts/run.mjs');
  });

  it('when the file is outside the working directory, then its absolute path is named', () => {
    const elsewhere = join(sep, 'otro', 'proyecto', 'a.test.ts');
    expect(callerFile(frames(`${elsewhere}:1:1`), OWN)).toBe(elsewhere.split(sep).join('/'));
  });

  it('when no frame names a file of the caller (a REPL, an eval), then there is none', () => {
    expect(callerFile(frames('<anonymous>', 'REPL1:1:1', 'node:internal/main:1:1', runner), OWN)).toBeNull();
  });
});
