import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { buildJs, outOfDate, pruneSplitBundle } from '../../scripts/build.mjs';
import { age, checkout, removeCheckouts } from '../support/build-checkout.ts';

const SOURCES = {
  'server/lib/add.ts': 'export const add = (a: number, b: number): number => a + b;\n',
  'server/lib/types.ts': 'export interface Pair { a: number; b: number }\n',
  'server/lib/index.ts': "export * from './add.ts';\n",
  'cli/main.ts': [
    "import { add } from '../server/lib/add.ts';",
    "import type { Pair } from '../server/lib/types.ts';",
    "import { readFileSync } from 'node:fs';",
    "const pair: Pair = JSON.parse(readFileSync(new URL('../fixtures/pair.json', import.meta.url), 'utf8'));",
    "const lib = await import('../server/lib/index.ts');",
    'console.log(add(pair.a, pair.b), lib.add(1, 1));',
  ].join('\n'),
  'fixtures/pair.json': '{"a": 2, "b": 3}',
  'server/ingestion/writer-worker.mjs': "import 'tsx';\n",
};

afterEach(removeCheckouts);

describe('scripts/build.mjs', () => {
  it('when sources import each other by .ts (static, dynamic, re-export, type-only), then dist/ runs under plain node', async () => {
    const root = checkout(SOURCES);

    await buildJs(root);

    const main = readFileSync(join(root, 'dist/cli/main.js'), 'utf8');
    expect(main).toContain('"../server/lib/add.js"');
    expect(main).toContain('import("../server/lib/index.js")');
    expect(main).not.toMatch(/\.ts["']/);
    expect(readFileSync(join(root, 'dist/server/lib/index.js'), 'utf8')).toContain('"./add.js"');
    expect(execFileSync(process.execPath, [join(root, 'dist/cli/main.js')], { encoding: 'utf8' })).toBe('5 2\n');
  });

  it('when the CLI is built, then its bundle (what bin.mjs runs) finds what it reads beside its modules and says what each file holds', async () => {
    const root = checkout(SOURCES);

    await buildJs(root);

    expect(execFileSync(process.execPath, [join(root, 'dist/bundles/cli/main.js')], { encoding: 'utf8' })).toBe('5 2\n');
    const modules: Record<string, string[]> = JSON.parse(readFileSync(join(root, 'dist/bundles/cli/modules.json'), 'utf8'));
    expect(modules['main.js']).toContain('cli/main.js');
    expect(Object.values(modules).flat().sort()).toEqual(['cli/main.js', 'server/lib/add.js', 'server/lib/index.js']);
  });

  it('when the build is done, then the fixtures are copied beside the code and the tsx bootstraps are not', async () => {
    const root = checkout(SOURCES);

    await buildJs(root);

    expect(readFileSync(join(root, 'dist/fixtures/pair.json'), 'utf8')).toBe(SOURCES['fixtures/pair.json']);
    expect(existsSync(join(root, 'dist/server/ingestion/writer-worker.mjs'))).toBe(false);
  });

  it('when this checkout is built (the suite\'s own dist/), then no file of it loads tsx, a dev dependency: every thread\'s bootstrap is left out', () => {
    const dist = join(fileURLToPath(new URL('../..', import.meta.url)), 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => /\.m?js$/.test(f) && !f.startsWith('bundles'));

    const loadingTsx = files.filter((f) => /from ['"]tsx|import\(['"]tsx/.test(readFileSync(join(dist, f), 'utf8')));

    expect(files.length).toBeGreaterThan(100);
    expect(loadingTsx).toEqual([]);
  });

  it('when nothing changed since the last build, then nothing is rebuilt', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);

    expect(outOfDate(root).stale).toEqual([]);
    expect(await buildJs(root)).toEqual({ transpiled: 0, copied: 0, removed: 0, bundled: 0 });
  });

  it('when one source is edited after the build, then that file alone is rebuilt, with the edit', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);
    writeFileSync(join(root, 'server/lib/add.ts'), 'export const add = (a: number, b: number): number => a * b;\n');
    age(join(root, 'server/lib/add.ts'), 5);

    expect(await buildJs(root)).toEqual({ transpiled: 1, copied: 0, removed: 0, bundled: 1 });
    expect(execFileSync(process.execPath, [join(root, 'dist/cli/main.js')], { encoding: 'utf8' })).toBe('6 1\n');
    expect(execFileSync(process.execPath, [join(root, 'dist/bundles/cli/main.js')], { encoding: 'utf8' })).toBe('6 1\n');
  });

  it('when the CLI is rebuilt twice, then the chunks of the build before stay (a running CLI still loads them) and older ones go', async () => {
    const root = checkout(SOURCES);
    const chunks = () => readdirSync(join(root, 'dist/bundles/cli')).filter((f) => f.startsWith('chunk-')).sort();
    const edit = async (op: string) => {
      writeFileSync(join(root, 'server/lib/add.ts'), `export const add = (a: number, b: number): number => a ${op} b;\n`);
      age(join(root, 'server/lib/add.ts'), 5);
      await buildJs(root);
    };
    await buildJs(root);
    const first = chunks();

    await edit('*');
    const second = chunks().filter((c) => !first.includes(c));
    await edit('-');

    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    expect(chunks().filter((c) => first.includes(c))).toEqual([]);
    expect(second.every((c) => chunks().includes(c))).toBe(true);
    expect(execFileSync(process.execPath, [join(root, 'dist/bundles/cli/main.js')], { encoding: 'utf8' })).toBe('-1 0\n');
    // What a package ships (npm run build): the last build's chunks alone.
    pruneSplitBundle(root);
    const listed = Object.keys(JSON.parse(readFileSync(join(root, 'dist/bundles/cli/modules.json'), 'utf8')));
    expect(chunks()).toEqual(listed.filter((f) => f.startsWith('chunk-')).sort());
    expect(execFileSync(process.execPath, [join(root, 'dist/bundles/cli/main.js')], { encoding: 'utf8' })).toBe('-1 0\n');
  });

  it('when a source is deleted, then its compiled file and declarations go too', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);
    writeFileSync(join(root, 'dist/server/lib/types.d.ts'), 'export interface Pair { a: number; b: number }\n');
    rmSync(join(root, 'server/lib/types.ts'));

    // The CLI's bundle is made of the compiled tree, which changed.
    expect(await buildJs(root)).toEqual({ transpiled: 0, copied: 0, removed: 2, bundled: 1 });
    expect(existsSync(join(root, 'dist/server/lib/types.js'))).toBe(false);
    expect(existsSync(join(root, 'dist/server/lib/types.d.ts'))).toBe(false);
  });

  it('when dist/ was built by another build script or esbuild, then it is built again from scratch', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);
    writeFileSync(join(root, 'dist/.build-stamp'), '0.0.0 0');
    writeFileSync(join(root, 'dist/server/leftover.js'), '');

    expect(outOfDate(root).fresh).toBe(false);
    expect(await buildJs(root)).toEqual({ transpiled: 4, copied: 1, removed: 1, bundled: 1 });
    expect(existsSync(join(root, 'dist/server/leftover.js'))).toBe(false);
  });
});
