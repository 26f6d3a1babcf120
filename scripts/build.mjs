#!/usr/bin/env node
/**
 * Builds dist/, the JavaScript that `fleet-sim`, `npm start` and the package run (docs/decisions.md#build):
 * every .ts of the shipped trees transpiled file by file by esbuild (no bundle, no type check) with
 * its relative `.ts` imports rewritten to `.js`, the fixtures copied beside them, and declaration
 * files from tsc for the public entry points.
 *
 *   node scripts/build.mjs           everything, from scratch
 *   node scripts/build.mjs --js      only the JavaScript, only what is out of date (tests, npm start)
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const DIST = join(ROOT, 'dist');
/** The trees the package ships, mirrored under dist/; absent ones (not written yet) are skipped. */
const TREES = ['cli', 'server', 'simulators', 'testing', 'client'];
/** Copied as they are: data the compiled code reads relative to itself (e.g. `../../fixtures`). */
const ASSET_TREES = ['fixtures'];
/** Plain-JS bootstraps that register tsx for a source checkout: the compiled code never loads them. */
const SOURCE_ONLY = new Set(['cli/bin.mjs', 'cli/native-check.mjs', 'cli/native-check.d.mts', 'server/ingestion/writer-worker.mjs']);
/** Written last: a build that dies half-way leaves dist/ out of date, so the next one starts over. */
const STAMP = join(DIST, '.build-stamp');

const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts');

function walk(dir, base = dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, base, out);
    else out.push(relative(base, path).split('\\').join('/'));
  }
  return out;
}

const outputOf = (file) => (isSource(file) ? file.replace(/\.ts$/, '.js') : file);
const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
};

/** What the stamp records: a build made by another build script or esbuild is out of date as a whole. */
function buildIdentity() {
  const esbuild = createRequire(import.meta.url)('esbuild/package.json').version;
  return `${esbuild} ${statSync(fileURLToPath(import.meta.url)).mtimeMs}`;
}

/** Source files (relative to the root) whose output is missing or older, and outputs with no source left. */
export function outOfDate() {
  const sources = [...TREES, ...ASSET_TREES].flatMap((t) => walk(join(ROOT, t), ROOT)).filter((f) => !SOURCE_ONLY.has(f));
  const fresh = existsSync(STAMP) && readFileSync(STAMP, 'utf8') === buildIdentity();
  const stale = fresh ? sources.filter((f) => mtime(join(ROOT, f)) > mtime(join(DIST, outputOf(f)))) : sources;
  const expected = new Set(sources.map(outputOf));
  const orphans = [...TREES, ...ASSET_TREES].flatMap((t) => walk(join(DIST, t), DIST));
  return { stale, orphans: orphans.filter((f) => !expected.has(f)), fresh };
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

function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, contents);
  renameSync(temp, path);
}

/** Transpiles and copies what is out of date; returns what it did, for the caller to report. */
export async function buildJs() {
  const { stale, orphans, fresh } = outOfDate();
  if (!fresh) rmSync(DIST, { recursive: true, force: true });
  for (const file of orphans) rmSync(join(DIST, file), { force: true });
  const sources = stale.filter(isSource);
  if (sources.length > 0) {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: sources.map((f) => join(ROOT, f)),
      outbase: ROOT,
      outdir: DIST,
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
    mkdirSync(dirname(join(DIST, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(DIST, file));
  }
  if (!fresh) writeAtomically(STAMP, buildIdentity());
  return { transpiled: sources.length, copied: stale.length - sources.length, removed: orphans.length };
}

/** Declarations of the public entry points (and what they import), from tsc: the slow part, `build` only. */
export function buildDeclarations() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('tsc: the declarations did not build');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const jsOnly = process.argv.includes('--js');
  if (!jsOnly) rmSync(DIST, { recursive: true, force: true });
  const started = performance.now();
  const done = await buildJs();
  if (!jsOnly) buildDeclarations();
  const changed = done.transpiled + done.copied + done.removed;
  if (!jsOnly || changed > 0) {
    process.stderr.write(`build: ${done.transpiled} transpiled, ${done.copied} copied, ${done.removed} removed` +
      `${jsOnly ? '' : ', declarations'} in ${Math.round(performance.now() - started)} ms\n`);
  }
}
