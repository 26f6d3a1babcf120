import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'fleet-declarations-'));

/**
 * `npm pack` builds the declarations of the package's entry points (tsconfig.build.json). Only what
 * they import is compiled: a type of the testing library that imports server code drags the server
 * in, whose inferred better-sqlite3 types cannot be named in a declaration, and the pack fails.
 */
describe('the package declarations', () => {
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('when the entry points are compiled to declarations, then tsc succeeds', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out, '--tsBuildInfoFile', join(out, 'build.tsbuildinfo')], {
      encoding: 'utf8',
    });

    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  /**
   * Type-checks `lines` as a project of its own beside the declarations (skipLibCheck off): what the
   * build copies beside them (the generated API types) and the package's dependencies are there;
   * @types/node is there too, but `types: []` keeps it out unless a declaration names Node's types.
   */
  function typeCheckConsumer(name: string, lines: string[], options: Record<string, unknown> = {}) {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const consumer = join(out, name);
    mkdirSync(consumer, { recursive: true });
    for (const file of ['partner-api.d.ts', 'control-api.d.ts']) copyFileSync(join(ROOT, 'client', file), join(out, 'client', file));
    if (!existsSync(join(out, 'node_modules'))) symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
    writeFileSync(join(consumer, 'use.ts'), [...lines, ''].join('\n'));
    writeFileSync(join(consumer, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', types: [], skipLibCheck: false, lib: ['es2022', 'dom'], ...options },
      files: ['use.ts'],
    }));
    return spawnSync(process.execPath, [tsc, '-p', join(consumer, 'tsconfig.json')], { encoding: 'utf8' });
  }

  it('when a project without @types/node type-checks a use of them (skipLibCheck off), then they compile: nothing public names Node\'s own types', () => {
    const run = typeCheckConsumer('consumer', [
      "import { connectTestbed, startTestbed, type JournalEntry, type World } from '../testing/index.js';",
      "import { createClient } from '../client/index.js';",
      'export async function use(world: World): Promise<JournalEntry[]> {',
      "  const started = await startTestbed({ output: { write: () => true } });",
      '  await started.stop();',
      "  await connectTestbed('http://127.0.0.1:3000');",
      "  createClient({ baseUrl: 'http://127.0.0.1:3000', key: 'fk_test_x' });",
      '  return world.requests({ limit: 150 });',
      '}',
    ]);

    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  it('when a project with exactOptionalPropertyTypes pages with a cursor that may be undefined, then the typed client takes it (its optional fields take undefined)', () => {
    const run = typeCheckConsumer('consumer-exact', [
      "import { createClient, type PartnerBody } from '../client/index.js';",
      "const client = createClient({ baseUrl: 'http://127.0.0.1:3000', key: 'fk_test_x' });",
      'export async function page(cursor: string | undefined, notes: string | undefined) {',
      "  const listed = await client.GET('/v1/vehicles', { params: { query: { startingAfter: cursor, limit: 50 } } });",
      "  const body = { notes } satisfies PartnerBody<'/v1/vehicles/{id}', 'patch'>;",
      '  return [listed.data?.hasMore, body];',
      '}',
    ], { exactOptionalPropertyTypes: true });

    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);

  it('when examples/vitest is copied whole into an ES module project, then its own tsconfig type-checks it against them', () => {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    // The project as the docs say: fleet-testbed (its package.json, these declarations as its dist/),
    // vitest and @types/node installed, "type": "module", the example in a folder of its own.
    const project = join(out, 'example-project');
    const pkg = join(project, 'node_modules/fleet-testbed');
    mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
    mkdirSync(pkg, { recursive: true });
    copyFileSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    symlinkSync(out, join(pkg, 'dist'), 'dir');
    for (const dep of ['vitest', '@types/node']) symlinkSync(join(ROOT, 'node_modules', dep), join(project, 'node_modules', dep), 'dir');
    writeFileSync(join(project, 'package.json'), '{"type": "module"}\n');
    cpSync(join(ROOT, 'examples/vitest'), join(project, 'tests'), { recursive: true, filter: (src) => !src.includes('node_modules') });

    const run = spawnSync(process.execPath, [tsc, '-p', join(project, 'tests/tsconfig.json')], { encoding: 'utf8' });

    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);
});
