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
const made: string[] = [];

function unbuiltCheckout(under = ''): string {
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const top = mkdtempSync(join(ROOT, '.tmp', 'unbuilt-'));
  made.push(top);
  const dir = join(top, under);
  mkdirSync(join(dir, 'cli'), { recursive: true });
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
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('when dist/ has not been built, then it exits 1 with one Spanish line naming npm run build', async () => {
    const result = await run(join(checkout, 'cli/bin.mjs'), ['serve']);

    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('error: falta el código compilado (dist/); compílalo con: npm run build\n');
  });

  it('when it runs from an installed package packed without dist/ (scripts off), then the line says to pack it again with a build, not to build the project installing it', async () => {
    const installed = unbuiltCheckout('node_modules/fleet-testbed');

    const result = await run(join(installed, 'cli/bin.mjs'), ['serve']);

    expect(result.code).toBe(1);
    expect(result.stderr).toBe('error: este paquete de fleet-testbed se empaquetó sin su código compilado (dist/): en el repositorio del testbed, '
      + 'ejecuta npm run build y luego npm pack (npm pack lo compila solo, salvo con --ignore-scripts o ignore-scripts=true), e instala ese paquete\n');
  });
});
