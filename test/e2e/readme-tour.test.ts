import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serveForSuite, worldClient } from '../support/process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The README's curl tour as a reader pastes it, but for the key line: the key comes from the environment. */
function tourScript(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## A tour with curl'));
  const tour = /```sh\n([\s\S]*?)```/.exec(section)![1];
  const lines = tour.split('\n').filter((line) => !line.startsWith('export KEY='));
  // `npx fleet-sim` is the checkout's bin: run it directly, without npm's start-up.
  return ['set -e', `npx() { shift; node ${join(ROOT, 'cli/bin.mjs')} "$@"; }`, ...lines].join('\n');
}

function runTour(env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', ['-c', tourScript()], { cwd: ROOT, env, timeout: 120_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }));
  });
}

describe('the README tour with curl', () => {
  const env = serveForSuite();

  it('when it runs twice on the same tenant, then both runs end with exit 0, no error answer and no undefined id', async () => {
    const world = await worldClient(env, 'tour');
    const key = world.headers.Authorization.replace('Bearer ', '');
    const tourEnv = { ...env.env, KEY: key };

    const first = await runTour(tourEnv);
    const second = await runTour(tourEnv);

    for (const run of [first, second]) {
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(run.stdout, run.stdout).not.toContain('"error":{');
      expect(run.stdout + run.stderr, run.stdout + run.stderr).not.toContain('undefined');
    }
    expect(second.stdout, second.stdout).toMatch(/Lote .* estado: completed; 1\/1 procesados, 1 correctos, 0 fallidos/);
  }, 240_000);
});
