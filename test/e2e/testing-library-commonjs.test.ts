import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The package's `require` entry points (package.json exports → dist/bundles/*.cjs), as jest's default
 * CommonJS mode loads them: it refused the ES modules ("Must use import to load ES Module") unless run
 * with --experimental-vm-modules. A CommonJS script of the repository reaches them by the package's name.
 */
describe('fleet-testbed from require()', () => {
  it('when a CommonJS file requires the testing library and the client, then it starts a testbed, makes and uses a world, and stops it', async () => {
    const script = `
      const testing = require('fleet-testbed/testing');
      const { createClient } = require('fleet-testbed/client');
      (async () => {
        const testbed = await testing.startTestbed();
        const world = await testbed.createWorld({ fixture: { vehicles: 1, registeredOn: ['platform_b'] } });
        const me = await createClient({ baseUrl: testbed.url, key: world.key }).GET('/v1/me');
        const plate = await world.unique.plate();
        await world.snapshot('inicio');
        const error = await world.restore('otra').then(() => null, (err) => err);
        const refused = [error.constructor.name, error.status, error.code];
        // The ES module's class is another copy: instanceof holds across both (a CommonJS helper's error in an ES test).
        const esm = await import('fleet-testbed/testing');
        const crossed = [error instanceof testing.TestbedError, error instanceof esm.TestbedError, new esm.TestbedError(409, {}) instanceof testing.TestbedError, new Error('x') instanceof esm.TestbedError];
        await testbed.stop();
        console.log(JSON.stringify({ status: me.response.status, plate: typeof plate, refused, crossed, main: typeof require('fleet-testbed').startTestbed, loaded: Object.keys(require.cache).filter((f) => f.includes('/dist/')).map((f) => f.slice(f.indexOf('/dist/'))) }));
      })().catch((err) => { console.error(err); process.exit(1); });`;

    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ['-e', script], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout))),
    );

    expect(JSON.parse(out)).toEqual({
      status: 200,
      plate: 'string',
      refused: ['TestbedError', 404, 'NOT_FOUND'],
      crossed: [true, true, true, false],
      main: 'function',
      loaded: ['/dist/bundles/testing.cjs', '/dist/bundles/client.cjs'],
    });
  }, 90_000);

  it('when a CommonJS test file makes a world without a name, then the world is named after that file, not after the bundle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-cjs-'));
    const file = join(dir, 'nombres.test.cjs');
    writeFileSync(file, `
      const testing = require(${JSON.stringify(join(ROOT, 'dist', 'bundles', 'testing.cjs'))});
      (async () => {
        const testbed = await testing.startTestbed();
        const names = [(await testbed.createWorld()).name, (await testbed.createWorld()).name];
        await testbed.stop();
        console.log(JSON.stringify(names));
      })().catch((err) => { console.error(err); process.exit(1); });`);
    try {
      const out = await new Promise<string>((resolve, reject) =>
        execFile(process.execPath, [file], { cwd: ROOT, timeout: 60_000 }, (err, stdout, stderr) => (err ? reject(new Error(stderr || err.message)) : resolve(stdout))),
      );
      expect(JSON.parse(out)).toEqual([`Mundo 1 de ${file}`, `Mundo 2 de ${file}`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
