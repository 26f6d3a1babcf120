import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildJs } from '../../scripts/build.mjs';
import { age, checkout, removeCheckouts } from '../support/build-checkout.ts';

/** The two process entry points, each reading a file relative to a module of its own tree. */
const SOURCES = {
  'server/catalog/pair.ts': [
    "import { readFileSync } from 'node:fs';",
    "export const pair = (): { a: number; b: number } => JSON.parse(readFileSync(new URL('../../fixtures/pair.json', import.meta.url), 'utf8'));",
  ].join('\n'),
  'server/main.ts': "import { pair } from './catalog/pair.ts';\nexport const startApiServer = () => pair().a + pair().b;\nconsole.log('api', startApiServer());\n",
  'simulators/main.ts': "import { pair } from '../server/catalog/pair.ts';\nconsole.log('simulators', pair().a * pair().b);\n",
  'fixtures/pair.json': '{"a": 2, "b": 3}',
};

const run = (file: string) => execFileSync(process.execPath, [file], { encoding: 'utf8' });

afterEach(removeCheckouts);

describe('scripts/build.mjs bundling the two processes serve starts', () => {
  it('when dist/ is built, then each process is one file of dist/bundles/ that runs under plain node, its modules finding their files as before', async () => {
    const root = checkout(SOURCES);

    expect((await buildJs(root)).bundled).toBe(2);

    const api = readFileSync(join(root, 'dist/bundles/api.js'), 'utf8');
    expect(api).not.toMatch(/from ["']\.\.?\//);
    expect(run(join(root, 'dist/bundles/api.js'))).toBe('api 5\n');
    expect(run(join(root, 'dist/bundles/simulators.js'))).toBe('simulators 6\n');
  });

  it('when the package is moved elsewhere, then the bundles still find the files beside their modules', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);
    const moved = checkout({});
    cpSync(join(root, 'dist'), join(moved, 'dist'), { recursive: true });
    rmSync(join(root, 'dist'), { recursive: true });

    expect(run(join(moved, 'dist/bundles/api.js'))).toBe('api 5\n');
  });

  it('when nothing changed, then nothing is bundled again; when a source changed, then both are', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);

    expect((await buildJs(root)).bundled).toBe(0);

    writeFileSync(join(root, 'server/catalog/pair.ts'), "export const pair = () => ({ a: 10, b: 1 });\n");
    age(join(root, 'server/catalog/pair.ts'), 5);
    expect((await buildJs(root)).bundled).toBe(2);
    expect(run(join(root, 'dist/bundles/api.js'))).toBe('api 11\n');
  });

  it('when a build was cut off after transpiling (a compiled file the bundles do not hold), then the next one bundles again', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);
    writeFileSync(join(root, 'dist/server/catalog/pair.js'), "export const pair = () => ({ a: 7, b: 1 });\n");

    expect((await buildJs(root)).bundled).toBe(2);
    expect(run(join(root, 'dist/bundles/api.js'))).toBe('api 8\n');
    expect((await buildJs(root)).bundled).toBe(0);
  });

  it('when packages were installed after the bundles were made, then they are bundled again', async () => {
    const root = checkout(SOURCES);
    await buildJs(root);
    writeFileSync(join(root, 'package-lock.json'), '{}');
    age(join(root, 'package-lock.json'), 5);

    expect((await buildJs(root)).bundled).toBe(2);
  });

  it('when a process has no entry point in the checkout, then no bundle is made for it, and one made before goes', async () => {
    const { 'simulators/main.ts': _, ...apiOnly } = SOURCES;
    const root = checkout(apiOnly);

    expect((await buildJs(root)).bundled).toBe(1);
    expect(existsSync(join(root, 'dist/bundles/simulators.js'))).toBe(false);

    const both = checkout(SOURCES);
    await buildJs(both);
    rmSync(join(both, 'simulators/main.ts'));
    await buildJs(both);
    expect(existsSync(join(both, 'dist/bundles/simulators.js'))).toBe(false);
  });
});
