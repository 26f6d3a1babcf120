import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const CHURN = fileURLToPath(new URL('../support/sqlite-gc-churn.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'fleet-gc-'));

/** The churn script in a child process: an abort is a signal there, never a crash of the test runner. */
const runChurn = () =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, ['--expose-gc', CHURN, join(dir, 'gc.db')], { timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: child.exitCode, signal: child.signalCode, stdout, stderr }),
    );
  });

describe('better-sqlite3 under garbage collection (Node 24.19+ aborted with better-sqlite3 12)', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('when statements are prepared, dropped and collected, and a worker closes its connection, then the process lives on', async () => {
    const result = await runChurn();

    expect(result.stderr).not.toContain('Assertion failed');
    expect(result.signal).toBeNull();
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('survived\n');
  });
});
