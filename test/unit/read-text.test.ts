import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readText } from '../../cli/lib/read-text.ts';
import { loadScenario } from '../../cli/scenario/load.ts';
import { readFileLines } from '../../cli/commands/batch.ts';

const dir = mkdtempSync(join(tmpdir(), 'read-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a user\'s text file', () => {
  it('when it starts with a byte-order mark, then the text is read without it; a mark further in is kept', () => {
    const file = join(dir, 'bom.txt');
    writeFileSync(file, '\ufeffa\ufeffb');

    expect(readText(file)).toBe('a\ufeffb');
  });

  it('when a .json scenario starts with a byte-order mark, then it is read as the same file without one', () => {
    const text = JSON.stringify({ name: 'Con BOM', tenants: [{ as: 'fleet', name: 'Flota BOM', keys: [{ as: 'admin' }] }], steps: [{ request: { method: 'GET', path: '/v1/me' }, expect: { status: 200 } }] });
    writeFileSync(join(dir, 'bom.json'), `\ufeff${text}`);
    writeFileSync(join(dir, 'plain.json'), text);

    expect(loadScenario(join(dir, 'bom.json'))).toEqual(loadScenario(join(dir, 'plain.json')));
  });

  it('when a batch file starts with a byte-order mark, then its first line is the command as written', () => {
    const file = join(dir, 'batch.txt');
    writeFileSync(file, '\ufefftenants list\nclock now\n');

    expect(readFileLines(file)).toEqual(['tenants list', 'clock now', '']);
  });
});
