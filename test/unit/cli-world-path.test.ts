import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../../cli/program/index.ts';
import { runCommand } from '../../cli/run-command.ts';

/** Runs one command line in this process against a port nobody listens on; what it wrote to stderr. */
async function run(words: string[]) {
  let stderr = '';
  vi.stubEnv('FLEET_URL', 'http://127.0.0.1:1');
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  const code = await runCommand(buildProgram, words);
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  return { code, stderr };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('a world named on the command line (--tenant, an id)', () => {
  it.each([
    [['faults', 'add', '--tenant', '..', '--platform', 'platform_b', '--mode', 'error']],
    [['faults', 'list', '--tenant', '.']],
    [['requests', '--tenant', '..']],
    [['keys', 'list', '--tenant', '..']],
    [['snapshot', 'list', '--tenant', '..']],
    [['tenants', 'delete', '..']],
  ])('when %j names a path step, then it is refused before any call: it would reach the whole testbed\'s route', async (words) => {
    const { code, stderr } = await run(words);

    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: El tenant \.{1,2} no existe en este testbed\.\n$/);
  });

  it.each([[['faults', 'list', '--tenant', 'flota-x']], [['requests', '--tenant', 'flota-x']]])('when %j names any other id, then it goes to the serve (here none listens, and the call says so)', async (words) => {
    const { code, stderr } = await run(words);

    expect(code).toBe(1);
    expect(stderr).toContain('no hay un testbed escuchando en http://127.0.0.1:1');
  });
});
