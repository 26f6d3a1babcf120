import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// What running the examples' tests leaves (vitest's cache, Python's bytecode), as the examples test does before CI packs.
const LEFT_BY_A_RUN = [
  join(ROOT, 'examples/vitest/node_modules/.vite', `probe-${process.pid}.json`),
  join(ROOT, 'examples/python/__pycache__', `probe-${process.pid}.cpython-311.pyc`),
];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('what npm pack puts in the package', () => {
  afterAll(() => LEFT_BY_A_RUN.forEach((file) => rmSync(file, { force: true })));

  it('when the examples were run before packing, then what they left (node_modules, __pycache__) does not ship', () => {
    for (const file of LEFT_BY_A_RUN) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, '{}');
    }

    const run = spawnSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    // npm 11 answers a list of packages, npm 12 an object keyed by name.
    const answer = JSON.parse(run.stdout);
    const packed = (Array.isArray(answer) ? answer[0] : Object.values(answer)[0]) as { files: { path: string }[] };
    const paths = packed.files.map((f) => f.path);

    expect(paths.filter((p) => p.includes('node_modules') || p.includes('__pycache__'))).toEqual([]);
    expect(paths).toContain('examples/vitest/vitest.config.ts');
    expect(paths).toContain('examples/python/testbed.py');
    // Every file the manifest points an import, a require or a type checker at ships (the declarations
    // are tsc's, made by the build this pack skips: they are not checked here).
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const targets = [
      ...Object.values(manifest.exports as Record<string, string | Record<string, string>>).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t))),
      manifest.types,
      ...Object.values(manifest.typesVersions['*'] as Record<string, string[]>).flat(),
    ].map((t: string) => t.replace(/^\.\//, ''));
    expect(targets).toEqual(expect.arrayContaining(['dist/bundles/testing.cjs', 'dist/bundles/client.cjs', 'dist/testing/index.d.ts', 'dist/client/index.d.ts']));
    expect(targets.filter((t) => !t.endsWith('.d.ts') && !paths.includes(t))).toEqual([]);
  }, 60_000);

  it('when an integrator installs it, then swagger-ui-dist\'s install-time analytics (@scarf/scarf) is off for everything it brings', () => {
    // @scarf/scarf reports nothing when a package between the installer and it says enabled: false.
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scarfSettings).toEqual({ enabled: false });
  });
});
