import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A checkout whose dist/ was never built: the real bin and native check copied under the repo's
 * .tmp/ (so better-sqlite3 still resolves from its node_modules), with no dist/ beside them.
 */
function unbuiltCheckout(): string {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tmp', 'unbuilt-'));
  mkdirSync(join(dir, 'cli'));
  for (const file of ['bin.mjs', 'native-check.mjs']) copyFileSync(join(ROOT, 'cli', file), join(dir, 'cli', file));
  return dir;
}

const run = (bin: string, args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [bin, ...args], { timeout: 30_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

describe('fleet-sim without a build', () => {
  const checkout = unbuiltCheckout();
  afterAll(() => rmSync(checkout, { recursive: true, force: true }));

  it('when dist/ has not been built, then it exits 1 with one Spanish line naming npm run build', async () => {
    const result = await run(join(checkout, 'cli/bin.mjs'), ['serve']);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: falta el código compilado (dist/); compílalo con: npm run build\n');
  });
});
