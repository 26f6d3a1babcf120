import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_FROM_SOURCE_COMMAND, NATIVE_BINDING_MISSING } from '../../cli/native-check.mjs';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const HIDE_NATIVE_BUILDS = fileURLToPath(new URL('../support/hide-native-builds.cjs', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-native-'));

/** The real bin, with better-sqlite3's binding unloadable as on a platform better-sqlite3 ships no binary for. */
const runWithoutNativeBuild = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const env = { ...process.env, FLEET_DATA_DIR: dataDir, PORT: '1' };
    execFile(process.execPath, ['--require', HIDE_NATIVE_BUILDS, BIN, ...args], { env, timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('fleet-sim without a loadable better-sqlite3 binary', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [['serve']],
    [['keys', 'revoke', 'key_x']],
    [['tenants', 'create', '--name', 'Flota']],
  ])('when %j opens the database, then it exits 1 with the one Spanish line naming the fix', async (args) => {
    const result = await runWithoutNativeBuild(args);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${NATIVE_BINDING_MISSING}\n`);
    expect(result.stderr).toContain(BUILD_FROM_SOURCE_COMMAND);
  });

  it('when a command with --json meets it, then stdout is the error envelope with that line and stderr the line', async () => {
    const result = await runWithoutNativeBuild(['tenants', 'create', '--name', 'Flota', '--json']);

    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ error: { code: null, message: NATIVE_BINDING_MISSING.replace(/^error: /, '') } });
    expect(result.stderr).toBe(`${NATIVE_BINDING_MISSING}\n`);
  });

  it.each([
    [['clock', 'now'], 'no hay un testbed escuchando en http://127.0.0.1:1'],
    [['scenario', 'run', 'missing.yaml'], 'no se puede leer missing.yaml: no existe'],
  ])('when %j fails for its own reason (no serve, no file), then it says that reason, not the install\'s', async (args, reason) => {
    const result = await runWithoutNativeBuild(args);

    expect(result.code).toBe(1);
    expect(result.stderr).toContain(reason);
    expect(result.stderr).not.toContain('better-sqlite3');
  });

  it.each([
    [['--help'], 'Uso: fleet-sim'],
    [['openapi'], '"openapi": "3.1'],
  ])('when %j needs no database, then it answers as usual', async (args, text) => {
    const result = await runWithoutNativeBuild(args);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(text);
  });
});
