import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveForSuite } from '../support/process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'cli/bin.mjs');
const RECORDER = join(ROOT, 'test/support/record-modules.mjs');
/** What runs TypeScript from sources (gone once bin.mjs runs compiled code): not the CLI's own load. */
const RUNNER = new Set(['tsx', 'esbuild']);

interface Loaded {
  /** Packages by name (`@scope/name` or `name`). */
  packages: Set<string>;
  /** Our modules, from the repo root without extension or `dist/`: `cli/main`, `server/config`. */
  ours: string[];
}

/** The CLI runs as a bundle split in files (scripts/bundle.mjs): a file loaded stands for the modules in it. */
const BUNDLE_DIR = join(ROOT, 'dist/bundles/cli');
function modulesIn(urls: string[]): string[] {
  const byFile: Record<string, string[]> = JSON.parse(readFileSync(join(BUNDLE_DIR, 'modules.json'), 'utf8'));
  return urls.flatMap((url) => {
    if (!url.startsWith('file:')) return [];
    const path = fileURLToPath(url);
    if (!path.startsWith(`${BUNDLE_DIR}/`)) return [url];
    const modules = byFile[relative(BUNDLE_DIR, path)];
    if (!modules) throw new Error(`${path} is not in the CLI bundle's modules.json`);
    return modules.map((m) => pathToFileURL(join(ROOT, 'dist', m)).href);
  });
}

function classify(urls: string[]): Loaded {
  const packages = new Set<string>();
  const ours: string[] = [];
  for (const url of modulesIn(urls)) {
    const path = fileURLToPath(url);
    const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path.slice(path.lastIndexOf('node_modules/')));
    if (inPackage) {
      if (!RUNNER.has(inPackage[1])) packages.add(inPackage[1]);
    } else {
      ours.push(relative(ROOT, path).replace(/^dist\//, '').replace(/\.(ts|js|mjs)$/, ''));
    }
  }
  return { packages, ours };
}

/** Runs `fleet-sim ...args` under the recorder; the modules it loaded, and how it ended. */
function loadedBy(args: string[], env: NodeJS.ProcessEnv): Promise<Loaded & { code: number; stdout: string }> {
  const log = join(mkdtempSync(join(tmpdir(), 'fleet-modules-')), 'modules.log');
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', RECORDER, BIN, ...args], { env: { ...env, FLEET_MODULE_LOG: log }, timeout: 60_000 }, (err, stdout) => {
      const urls = readFileSync(log, 'utf8').split('\n').filter(Boolean);
      rmSync(join(log, '..'), { recursive: true, force: true });
      resolve({ ...classify(urls), code: err ? Number(err.code ?? 1) : 0, stdout });
    });
  });
}

const under = (ours: string[], folder: string) => ours.filter((m) => m.startsWith(folder));
/** Enough to read the environment as serve does (FLEET_URL's check too) and to check a duration: nothing that serves. */
const CONFIG_ONLY = ['server/config', 'server/auth/secrets', 'server/lib/clock', 'server/lib/human-text', 'server/lib/mexico-city', 'server/lib/serve-url'];
/** node:http required without its ESM facade (server/lib/node-http.ts), and the one-shot sha256 the key check uses. */
const BESIDE_CONFIG = [...CONFIG_ONLY, 'server/lib/node-http', 'server/lib/sha256'];

describe('what each CLI command loads (issue 29)', () => {
  const env = serveForSuite();
  let noServe: NodeJS.ProcessEnv;
  beforeAll(async () => {
    noServe = { ...env.env, FLEET_DATA_DIR: mkdtempSync(join(tmpdir(), 'fleet-modules-data-')), PORT: '9' };
  }, 60_000);
  afterAll(async () => {
    if (noServe) rmSync(noServe.FLEET_DATA_DIR!, { recursive: true, force: true });
  });

  it('when --help runs, then it loads commander and the command list, and no command, server or simulator module', async () => {
    const loaded = await loadedBy(['--help'], env.env);

    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain('tenants');
    expect([...loaded.packages]).toEqual(['commander']);
    expect(loaded.ours).toContain('cli/program/tenants');
    expect(under(loaded.ours, 'cli/commands/')).toEqual([]);
    expect(under(loaded.ours, 'server/')).toEqual([]);
    expect(under(loaded.ours, 'simulators/')).toEqual([]);
  }, 60_000);

  it.each([
    [['clock', 'now', '--json'], 'cli/commands/clock'],
    [['tenants', 'list', '--json'], 'cli/commands/tenants'],
    [['snapshot', 'list', '--json'], 'cli/commands/snapshot'],
  ])('when %j talks to a running serve, then it loads its own code and an HTTP client, no package but commander', async (args, own) => {
    const loaded = await loadedBy(args, env.env);

    expect(loaded.code).toBe(0);
    expect(JSON.parse(loaded.stdout)).not.toHaveProperty('error');
    expect(loaded.ours).toContain(own);
    expect([...loaded.packages]).toEqual(['commander']);
    expect(under(loaded.ours, 'server/').filter((m) => !BESIDE_CONFIG.includes(m))).toEqual([]);
    expect(under(loaded.ours, 'simulators/')).toEqual([]);
  }, 60_000);

  it('when platform-a accept talks to a running serve, then it loads no package but commander and no server module beyond the config', async () => {
    // An unknown driver is enough: the command loads what it loads before the serve answers 404.
    const loaded = await loadedBy(['platform-a', 'accept', '00000000-0000-4000-8000-000000000000', '--json'], env.env);

    expect(JSON.parse(loaded.stdout).error.code).toBe('NOT_FOUND');
    expect(loaded.ours).toContain('cli/commands/platform-a');
    expect([...loaded.packages]).toEqual(['commander']);
    expect(under(loaded.ours, 'server/').filter((m) => !BESIDE_CONFIG.includes(m))).toEqual([]);
  }, 60_000);

  it('when tenants create opens the data dir with no serve, then it loads the database layer but no web server, schema or simulator', async () => {
    const loaded = await loadedBy(['tenants', 'create', '--name', 'Flota Módulos', '--json'], noServe);

    expect(loaded.code).toBe(0);
    expect(JSON.parse(loaded.stdout)).toMatchObject({ name: 'Flota Módulos', status: 'active' });
    expect([...loaded.packages].sort()).toEqual(['better-sqlite3', 'commander']);
    expect(loaded.ours).toContain('server/tenants/service');
    expect(under(loaded.ours, 'server/').filter((m) => /^server\/(app|main|http\/|openapi\/|testbed\/)/.test(m))).toEqual([]);
    expect(under(loaded.ours, 'simulators/')).toEqual([]);
  }, 60_000);
});
