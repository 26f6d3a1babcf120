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

  it.each([
    [['faults', 'remove', '..', '--tenant', '0b8e2c1a-7f3d-4e5a-9c6b-1d2e3f4a5b6c'], 'La regla de falla .. de este mundo no existe.'],
    [['faults', 'remove', '.', '--tenant', '0b8e2c1a-7f3d-4e5a-9c6b-1d2e3f4a5b6c'], 'La regla de falla . de este mundo no existe.'],
    [['keys', 'revoke', '..'], 'La clave de API no existe.'],
    [['jobs', 'watch', '..'], 'El lote no existe.'],
    [['platform-a', 'review', '..', '--verdict', 'approved'], 'El vehículo .. no existe.'],
    [['platform-a', 'accept', '.'], 'El conductor . no existe.'],
  ])('when %j gives a path step as an id, then it is refused before any call: `faults remove ..` reached the world\'s own deletion', async (words, message) => {
    const { code, stderr } = await run(words);

    expect(code).toBe(1);
    expect(stderr).toBe(`error: ${message}\n`);
  });

  it.each([[['faults', 'list', '--tenant', 'flota-x']], [['requests', '--tenant', 'flota-x']]])('when %j names any other id, then it goes to the serve (here none listens, and the call says so)', async (words) => {
    const { code, stderr } = await run(words);

    expect(code).toBe(1);
    expect(stderr).toContain('no hay un testbed escuchando en http://127.0.0.1:1');
  });
});
