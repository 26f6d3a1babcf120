import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { NATIVE_BUILD_MISSING, REBUILD_COMMAND } from '../../cli/native-check.mjs';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const HIDE_NATIVE_BUILDS = fileURLToPath(new URL('../support/hide-native-builds.cjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-native-'));

/** The real bin, with better-sqlite3's binding unloadable as when npm blocked its install script. */
const runWithoutNativeBuild = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, FLEET_DATA_DIR: dataDir, PORT: '1' };
    execFile(process.execPath, ['--require', HIDE_NATIVE_BUILDS, BIN, ...args], { env, timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('fleet-sim without better-sqlite3 native build', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [['serve']],
    [['tenants', 'create', '--name', 'Flota', '--json']],
    [['keys', 'revoke', 'key_x']],
    [['clock', 'now']],
    [['openapi']],
    [['scenario', 'run', 'missing.yaml']],
  ])('when %j runs, then it exits 1 with the one Spanish line naming the fix', async (args) => {
    const result = await runWithoutNativeBuild(args);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${NATIVE_BUILD_MISSING}\n`);
    expect(result.stderr).toContain(REBUILD_COMMAND);
  });
});
