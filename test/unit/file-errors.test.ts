import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileProblem, writeProblem } from '../../cli/lib/file-errors.ts';

const dirs: string[] = [];
const tempDir = () => dirs[dirs.push(mkdtempSync(join(tmpdir(), 'fleet-files-'))) - 1];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('no error');
};

describe('file problems in Spanish', () => {
  it.each([
    ['a file that does not exist is read', 'read', () => readFileSync('/no/existe.yaml'), 'no existe'],
    ['a file is written in a folder that does not exist', 'write', () => writeFileSync('/no/existe/x.xml', ''), 'su carpeta no existe'],
    ['a folder is read as a file', 'read', () => readFileSync('/'), 'es una carpeta, no un archivo'],
  ] as const)('when %s, then the reason is Spanish, with no Node text', (_case, doing, act, reason) => {
    expect(fileProblem(errorOf(act), doing)).toBe(reason);
  });

  it('when the error has an unexpected code, then the code is named, not its English text', () => {
    expect(fileProblem(Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' }), 'write')).toBe('error del sistema (EXDEV)');
  });
});

describe('checking a report path before the run', () => {
  it('when the file can be created or overwritten, then there is no problem', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'old.xml'), '');

    expect([writeProblem(join(dir, 'new.xml')), writeProblem(join(dir, 'old.xml'))]).toEqual([null, null]);
  });

  it.each([
    ['its folder does not exist', (dir: string) => join(dir, 'nope', 'x.xml'), 'su carpeta no existe'],
    ['it is a folder', (dir: string) => dir, 'es una carpeta, no un archivo'],
    ['a part of its path is a file', (dir: string) => (writeFileSync(join(dir, 'f'), ''), join(dir, 'f', 'x.xml')), 'una parte de la ruta es un archivo, no una carpeta'],
  ])('when %s, then the problem says so', (_case, path, problem) => {
    expect(writeProblem(path(tempDir()))).toBe(problem);
  });
});
