import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mtime, walk, writeAtomically } from './files.mjs';

/** The CLI's entry in dist/ (what bin.mjs runs), and which modules each of its files holds. */
export const CLI_BUNDLE = 'bundles/cli/main.js';
export const CLI_BUNDLE_MODULES = 'bundles/cli/modules.json';

/**
 * The two processes `serve` starts, each bundled with its packages into one file of dist/bundles/:
 * Node's loader resolving and linking ~600 files was half of each one's start (serve → listening
 * 0.52 s → 0.38 s, docs/performance.md). better-sqlite3 (native) and swagger-ui-express (its
 * swagger-ui-dist finds the assets by __dirname) stay packages. The transpiled files stay beside:
 * the writer thread runs them.
 * The CLI too, split where a command's code is imported (`cli/lib/lazy-action.ts`): `--help` loads
 * the program and commander in a few files, not ~45, and each command only its own chunks.
 */
const BUNDLES = {
  'bundles/api.js': { entry: 'server/main.js' },
  'bundles/simulators.js': { entry: 'simulators/main.js' },
  [CLI_BUNDLE]: { entry: 'cli/main.js', split: true },
  // The public entry points for `require` (package.json exports): jest's default CommonJS mode
  // could not load the ES modules without --experimental-vm-modules.
  'bundles/testing.cjs': { entry: 'testing/index.js', commonJs: true },
  'bundles/client.cjs': { entry: 'client/index.js', commonJs: true },
};
const BUNDLE_EXTERNAL = ['better-sqlite3', 'swagger-ui-express'];
/**
 * The processes serve runs from a source checkout (`cli/commands/serve.ts`): the compiled CLI
 * imports their bundles instead, so the CLI's bundle leaves these imports as they are.
 */
const OTHER_PROCESSES = /\/(server|simulators)\/main\.js$/;
/** CommonJS packages inside an ES module bundle call require. */
const BUNDLE_BANNER = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";

/**
 * Every bundled module keeps its own import.meta.url, the URL its file has in dist/ or node_modules
 * (relative to the bundle, so a package installed elsewhere works): what it finds relative to itself
 * (the fixtures, the writer thread, the dashboard's assets) is found as it was before bundling.
 */
const ownImportMetaUrl = (bundleDir, commonJs = false) => ({
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.m?js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(bundleDir, args.path).split('\\').join('/');
      // A CommonJS bundle has no import.meta: its own file's URL comes from __filename.
      const bundleUrl = commonJs ? "require('node:url').pathToFileURL(__filename).href" : 'import.meta.url';
      const own = `new URL(${JSON.stringify(fromBundle)}, ${bundleUrl}).href`;
      return { contents: text.replaceAll('import.meta.url', own), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
});

/** The compiled trees the bundles are made of, and where the bundles record what they were made of. */
const BUNDLED_TREES = ['cli', 'client', 'server', 'simulators', 'testing'];
const BUNDLE_INPUTS = 'bundles/inputs.json';

const leaveOtherProcesses = {
  name: 'leave-other-processes',
  setup(build) {
    build.onResolve({ filter: OTHER_PROCESSES }, (args) => ({ path: args.path, external: true }));
  },
};

/**
 * For a split bundle, every file esbuild wrote and the compiled modules in it (paths from dist/,
 * packages from node_modules/): what test/e2e/cli-modules.test.ts reads to say what a command loaded.
 */
function modulesByFile(metafile, root, outdir) {
  const fromDir = (dir, path) => relative(dir, join(root, path)).split('\\').join('/');
  const files = {};
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    if (output.endsWith('.js')) files[fromDir(outdir, output)] = Object.keys(inputs).map((input) => fromDir(join(root, 'dist'), input));
  }
  return files;
}

/**
 * What the bundles are made of: the compiled files' contents, the last install of packages and this
 * script. By content, not by time: a build cut off between transpiling and bundling is finished by the next.
 */
function bundleInputs(root) {
  const dist = join(root, 'dist');
  const hash = createHash('sha256');
  for (const tree of BUNDLED_TREES) {
    for (const file of walk(join(dist, tree)).sort()) hash.update(`${tree}/${file}\0`).update(readFileSync(join(dist, tree, file)));
  }
  for (const lock of ['package-lock.json', 'node_modules/.package-lock.json']) hash.update(`${lock} ${mtime(join(root, lock))}\0`);
  // How they are bundled: this file.
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex');
}

/**
 * A split bundle's chunks are named by content, so every build writes new ones. The build before's
 * stay one build more, so that a CLI process started from them (a long `scenario run`, a `serve`)
 * still finds its commands' chunks after a rebuild (`npm test` rebuilds); older ones are removed.
 */
function replaceSplitBundle(dist, outdir, outputFiles, modules) {
  const before = filesOfLastBuild(dist);
  for (const out of outputFiles) writeAtomically(out.path, out.contents);
  writeAtomically(join(dist, CLI_BUNDLE_MODULES), JSON.stringify(modules));
  keepOnly(outdir, [...Object.keys(modules), ...before]);
}

/**
 * The CLI's bundle as its last build made it, without the build before's chunks: what a package
 * ships (`npm run build`, prepack), where no CLI process of an older build can be running.
 */
export function pruneSplitBundle(root) {
  const dist = join(root, 'dist');
  if (existsSync(join(dist, CLI_BUNDLE_MODULES))) keepOnly(dirname(join(dist, CLI_BUNDLE)), filesOfLastBuild(dist));
}

/** The files the CLI's last build wrote, as modules.json lists them (none without one, or a broken one). */
function filesOfLastBuild(dist) {
  try {
    return Object.keys(JSON.parse(readFileSync(join(dist, CLI_BUNDLE_MODULES), 'utf8')));
  } catch {
    return [];
  }
}

/** Removes every file of the bundle's folder but these and its modules.json. */
function keepOnly(outdir, files) {
  const kept = new Set([...files, basename(CLI_BUNDLE_MODULES)]);
  for (const file of walk(outdir)) if (!kept.has(file)) rmSync(join(outdir, file), { force: true });
}

/** Bundles what is missing or was made of other inputs; a bundle whose entry point is gone is removed. */
export async function bundleProcesses(root) {
  const dist = join(root, 'dist');
  const inputs = bundleInputs(root);
  let made = {};
  try {
    made = JSON.parse(readFileSync(join(dist, BUNDLE_INPUTS), 'utf8'));
  } catch {
    // None recorded yet: every bundle is due.
  }
  const due = Object.entries(BUNDLES).filter(([bundle, { entry }]) => {
    if (existsSync(join(dist, entry))) return made[bundle] !== inputs || !existsSync(join(dist, bundle));
    rmSync(join(dist, bundle), { force: true });
    return false;
  });
  if (due.length === 0) return 0;
  const { build } = await import('esbuild');
  for (const [bundle, { entry, split, commonJs }] of due) {
    const outfile = join(dist, bundle);
    const outdir = dirname(outfile);
    const result = await build({
      entryPoints: [join(dist, entry)],
      absWorkingDir: root,
      ...(split ? { outdir, splitting: true, chunkNames: 'chunk-[hash]', metafile: true } : { outfile }),
      bundle: true,
      format: commonJs ? 'cjs' : 'esm',
      platform: 'node',
      target: 'node20',
      external: BUNDLE_EXTERNAL,
      ...(commonJs ? {} : { banner: { js: BUNDLE_BANNER } }),
      plugins: [ownImportMetaUrl(outdir, commonJs), ...(split ? [leaveOtherProcesses] : [])],
      write: false,
      logLevel: 'error',
    });
    if (split) replaceSplitBundle(dist, outdir, result.outputFiles, modulesByFile(result.metafile, root, outdir));
    else for (const out of result.outputFiles) writeAtomically(out.path, out.contents);
    made[bundle] = inputs;
  }
  writeAtomically(join(dist, BUNDLE_INPUTS), JSON.stringify(made));
  return due.length;
}
