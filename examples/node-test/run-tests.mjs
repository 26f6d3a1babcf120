// One testbed for a whole `node --test` run, on Node 22, 24 and 26 alike:
//   node examples/node-test/run-tests.mjs [test files or globs…]
// It starts the testbed, hands its URL to every test file's process through FLEET_URL, runs the
// files side by side (each in worlds of its own), then stops the testbed. On Node 24 and later,
// `node --test --test-global-setup=…` can do the same (docs/testing.md); Node 22 has no such option.
import { spawn } from 'node:child_process';
import { globSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestbed } from 'fleet-testbed/testing';

const here = fileURLToPath(new URL('.', import.meta.url));
const patterns = process.argv.length > 2 ? process.argv.slice(2) : [`${here}*.test.mjs`, `${here}*.test.cjs`];
// node --test given patterns that match nothing runs nothing and passes: a copy of this script in
// another folder would report 0 tests and exit 0. Said, and failed, here instead.
const files = patterns.flatMap((pattern) => (/[*?[]/.test(pattern) ? globSync(pattern) : [pattern]));
if (files.length === 0) {
  console.error(`run-tests: ninguna prueba coincide con ${patterns.join(', ')}; pasa tus archivos, p. ej. node run-tests.mjs 'test/**/*.test.mjs'`);
  process.exit(1);
}

const testbed = await startTestbed();
// node --test runs files one at a time on a 2-core machine by default: the worlds make parallel files safe.
const run = spawn(process.execPath, ['--test', '--test-concurrency=4', ...files], {
  stdio: 'inherit',
  env: { ...process.env, FLEET_URL: testbed.url },
});
const code = await new Promise((resolve) => run.once('exit', (exitCode) => resolve(exitCode ?? 1)));
await testbed.stop();
process.exitCode = code;
