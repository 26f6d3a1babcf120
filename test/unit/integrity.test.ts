import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quickCheckProblem } from '../../server/db/integrity.ts';
import { openDatabase } from '../../server/db/open.ts';

const PAGE = 4096;

describe('quickCheckProblem (the start-up check of a data dir database)', () => {
  let dir: string;
  let file: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'fleet-integrity-'));
    file = join(dir, 'api.db');
    // A real api.db with every migration applied, closed cleanly (the WAL folded back in).
    openDatabase(file).close();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when the database is sound, then there is no problem', () => {
    expect(quickCheckProblem(file)).toBeNull();
  });

  it('when the file does not exist yet (a new data dir), then there is no problem and no file is made', () => {
    const missing = join(dir, 'platforms.db');

    expect(quickCheckProblem(missing)).toBeNull();
    expect(() => readFileSync(missing)).toThrow();
  });

  it('when the file is cut in half, then one line names the file, and its bytes are unchanged', () => {
    truncateSync(file, Math.floor(readFileSync(file).length / 2 / PAGE) * PAGE);
    const before = readFileSync(file);

    const problem = quickCheckProblem(file);

    expect(problem).toMatch(new RegExp(`^la base de datos ${file} está dañada \\(.+\\); restáurala`));
    expect(problem).not.toContain('\n');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('when pages are overwritten with garbage, then one line names the file, and its bytes are unchanged', () => {
    const bytes = readFileSync(file);
    for (let i = PAGE; i < 4 * PAGE; i++) bytes[i] = (i * 7) & 0xff;
    writeFileSync(file, bytes);

    const problem = quickCheckProblem(file);

    expect(problem).toMatch(/^la base de datos .*api\.db está dañada/);
    expect(problem).not.toContain('\n');
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it('when the file is not a database at all, then it is named as damaged', () => {
    writeFileSync(file, 'not a database '.repeat(500));

    expect(quickCheckProblem(file)).toMatch(/api\.db está dañada \(file is not a database\)/);
  });
});
