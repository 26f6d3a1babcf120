import { join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { callerFile } from '../../testing/caller-file.ts';

const own = join(process.cwd(), 'testing', 'world.ts');
const user = join(process.cwd(), 'test', 'facturas.test.ts');
const frames = (...lines: string[]) => ['Error', ...lines].join('\n');

describe('callerFile: the file a world\'s default name comes from', () => {
  it('when the library\'s frames, node\'s and node_modules\' come first, then the first other file is named, relative, with /', () => {
    const stack = frames(
      `    at createWorld (${pathToFileURL(own).href}:120:5)`,
      `    at Object.createWorld (${own}:71:20)`,
      `    at file://${join(process.cwd(), 'node_modules', 'vitest', 'runner.js')}:9:9`,
      '    at node:internal/process/task_queues:105:5',
      `    at ${pathToFileURL(user).href}:12:30`,
    );
    expect(callerFile(stack)).toBe('test/facturas.test.ts');
  });

  it('when a frame is a plain path in parentheses, then it is read as one', () => {
    expect(callerFile(frames(`    at setup (${user}:3:1)`))).toBe(['test', 'facturas.test.ts'].join('/'));
  });

  it('when the file is outside the working directory, then its absolute path is named', () => {
    const elsewhere = join(sep, 'otro', 'proyecto', 'a.test.ts');
    expect(callerFile(frames(`    at ${elsewhere}:1:1`))).toBe(elsewhere.split(sep).join('/'));
  });

  it('when no frame names a file of the caller (a REPL, an eval), then there is none', () => {
    expect(callerFile(frames('    at <anonymous>', '    at REPL1:1:1', '    at node:internal/main:1:1'))).toBeNull();
  });
});
