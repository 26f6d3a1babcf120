import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'fleet-declarations-'));

/**
 * `npm pack` builds the declarations of the package's entry points (tsconfig.build.json). Only what
 * they import is compiled: a type of the testing library that imports server code drags the server
 * in, whose inferred better-sqlite3 types cannot be named in a declaration, and the pack fails.
 */
describe('the package declarations', () => {
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('when the entry points are compiled to declarations, then tsc succeeds', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out, '--tsBuildInfoFile', join(out, 'build.tsbuildinfo')], {
      encoding: 'utf8',
    });

    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);
});
