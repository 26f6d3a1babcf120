import { mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDirectory } from '../../server/lib/make-directory.ts';

describe('makeDirectory (mkdir -p, one directory at a time)', () => {
  const root = mkdtempSync(join(tmpdir(), 'fleet-mkdir-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('when several levels are missing, then each is made; made again, nothing changes', () => {
    const deep = join(root, 'a', 'b', 'c');

    makeDirectory(deep);
    makeDirectory(deep);

    expect(statSync(deep).isDirectory()).toBe(true);
  });

  it('when the path is a file, then it throws EEXIST', () => {
    writeFileSync(join(root, 'ya-existe'), 'x');

    expect(() => makeDirectory(join(root, 'ya-existe'))).toThrow(expect.objectContaining({ code: 'EEXIST' }));
  });

  it('when a part of the path is a file, then it throws ENOTDIR', () => {
    writeFileSync(join(root, 'archivo'), 'x');

    expect(() => makeDirectory(join(root, 'archivo', 'dentro'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  it('when the path is a symbolic link to nothing, or under one, then it throws EEXIST naming the link (not made, not taken as there)', () => {
    const link = join(root, 'enlace');
    symlinkSync(join(root, 'no-existe'), link);

    expect(() => makeDirectory(link)).toThrow(expect.objectContaining({ code: 'EEXIST', path: link }));
    expect(() => makeDirectory(join(link, 'datos'))).toThrow(expect.objectContaining({ code: 'EEXIST', path: link }));
  });

  it('when the file system makes no directories (/proc), then it throws ENOENT at once instead of looping', () => {
    expect(() => makeDirectory('/proc/fleet-testbed-nope/datos')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
