#!/usr/bin/env node
/**
 * Builds dist/, the JavaScript that `fleet-sim`, `npm start` and the package run (docs/decisions.md#build):
 * every .ts of the shipped trees transpiled file by file by esbuild (no bundle, no type check) with
 * its relative `.ts` imports rewritten to `.js`, the fixtures copied beside them, the two processes
 * serve starts bundled from those (bundle.mjs), and declaration files from tsc for the public entry points.
 *
 *   node scripts/build.mjs        JavaScript and declarations (npm run build, prepack)
 *   node scripts/build.mjs --js   only the JavaScript (tests, npm start)
 * Either way only what is out of date is rebuilt: a source newer than its output, an output whose
 * source is gone; a change of esbuild or of this script starts dist/ over.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleProcesses, pruneSplitBundle } from './bundle.mjs';

export { pruneSplitBundle };
import { mtime, walk, writeAtomically } from './files.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The trees the package ships, mirrored under dist/; absent ones (not written yet) are skipped. */
const TREES = ['cli', 'server', 'simulators', 'testing', 'client'];
/**
 * Copied as they are: data the compiled code reads relative to itself (e.g. `../../fixtures`), and
 * the scenario schema that the copied scenarios name as `../../schemas/…`.
 */
const ASSET_TREES = ['fixtures', 'schemas'];
/**
 * Plain-JS bootstraps that register tsx for a source checkout, and the client types' generator (it
 * needs openapi-typescript, a devDependency): the compiled code never loads them.
 */
const SOURCE_ONLY = new Set(['cli/bin.mjs', 'cli/native-check.d.mts', 'server/ingestion/writer-worker.mjs', 'server/world-snapshots/rows-worker.mjs', 'server/db/checkpoint-worker.mjs', 'client/generate-types.ts']);
/** What built dist/ (stampOf), written last: a build that dies before it leaves dist/ to start over. */
const STAMP = '.build-stamp';

const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts');

const outputOf = (file) => (isSource(file) ? file.replace(/\.ts$/, '.js') : file);
/** The source a file of dist/ comes from: its .js from esbuild, its .d.ts from tsc, or a copy. */
const sourceOf = (output) => output.replace(/(\.d\.ts|\.js)$/, '.ts');

/** What the stamp records: a build made by another build script or esbuild is out of date as a whole. */
function buildIdentity() {
  const esbuild = createRequire(import.meta.url)('esbuild/package.json').version;
  return `${esbuild} ${statSync(fileURLToPath(import.meta.url)).mtimeMs}`;
}

/**
 * Source files (relative to the root) whose output is missing or older, outputs whose source is
 * gone, and whether dist/ was built by this script and esbuild at all (`fresh`).
 */
export function outOfDate(root = ROOT) {
  const dist = join(root, 'dist');
  const trees = [...TREES, ...ASSET_TREES];
  const sources = trees.flatMap((t) => walk(join(root, t), root)).filter((f) => !SOURCE_ONLY.has(f));
  const fresh = existsSync(join(dist, STAMP)) && readFileSync(join(dist, STAMP), 'utf8') === buildIdentity();
  const stale = fresh ? sources.filter((f) => mtime(join(root, f)) > mtime(join(dist, outputOf(f)))) : sources;
  const present = new Set(sources);
  const outputs = trees.flatMap((t) => walk(join(dist, t), dist));
  return { stale, orphans: outputs.filter((f) => !present.has(f) && !present.has(sourceOf(f))), fresh };
}

/** esbuild leaves specifiers alone without bundling; bundling with every import external rewrites them. */
const rewriteRelativeTs = {
  name: 'rewrite-relative-ts',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const relativeTs = /^\.\.?\//.test(args.path) && isSource(args.path);
      return { path: relativeTs ? args.path.replace(/\.ts$/, '.js') : args.path, external: true };
    });
  },
};

/** Transpiles and copies what is out of date into root/dist; returns what it did. */
export async function buildJs(root = ROOT) {
  const dist = join(root, 'dist');
  const { stale, orphans, fresh } = outOfDate(root);
  if (!fresh) rmSync(dist, { recursive: true, force: true });
  for (const file of orphans) rmSync(join(dist, file), { force: true });
  const sources = stale.filter(isSource);
  if (sources.length > 0) {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: sources.map((f) => join(root, f)),
      outbase: root,
      outdir: dist,
      bundle: true,
      plugins: [rewriteRelativeTs],
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      logLevel: 'error',
    });
    for (const out of result.outputFiles) writeAtomically(out.path, out.contents);
  }
  for (const file of stale.filter((f) => !isSource(f))) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    copyFileSync(join(root, file), join(dist, file));
  }
  const bundled = await bundleProcesses(root);
  if (!fresh) writeAtomically(join(dist, STAMP), buildIdentity());
  return { transpiled: sources.length, copied: stale.length - sources.length, removed: orphans.length, bundled };
}

/** The public entry points (package.json exports); tsconfig.build.json includes the same files. */
const ENTRY_POINTS = ['testing/index.ts', 'client/index.ts'];
/** tsc keeps `.ts` specifiers in declarations even with rewriteRelativeImportExtensions. */
const RELATIVE_TS_SPECIFIER = /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]*?)\.ts\2/g;

/** Declarations of the public entry points (and what they import), from tsc: the slow part, `build` only. */
export function buildDeclarations() {
  if (!ENTRY_POINTS.some((f) => existsSync(join(ROOT, f)))) return false;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('tsc: the declarations did not build');
  const dist = join(ROOT, 'dist');
  for (const file of walk(dist, dist).filter((f) => f.endsWith('.d.ts'))) {
    const path = join(dist, file);
    const text = readFileSync(path, 'utf8');
    const rewritten = text.replace(RELATIVE_TS_SPECIFIER, (_m, head, quote, path) => `${head}${quote}${path}.js${quote}`);
    if (rewritten !== text) writeFileSync(path, rewritten);
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const jsOnly = process.argv.includes('--js');
  const started = performance.now();
  const done = await buildJs();
  // What a package ships: the CLI's last build alone (--js keeps the build before's, for a CLI running).
  if (!jsOnly) pruneSplitBundle(ROOT);
  const declared = !jsOnly && buildDeclarations();
  const changed = done.transpiled + done.copied + done.removed + done.bundled;
  if (!jsOnly || changed > 0) {
    process.stderr.write(`build: ${done.transpiled} transpiled, ${done.copied} copied, ${done.removed} removed, ${done.bundled} bundled` +
      `${declared ? ', declarations' : ''} in ${Math.round(performance.now() - started)} ms\n`);
  }
}
