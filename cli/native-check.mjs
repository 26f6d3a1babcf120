// Plain JavaScript, loaded before the compiled code: it must answer even when the install is broken. bin.mjs
// checks Node's version before anything else; the database check (one in-memory open, ~6 ms) runs only
// when a command has failed (cli/run-command.ts), so the commands that never open a database skip it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** better-sqlite3 13, the database, needs Node 22 (on Node 20 it crashes the process, past any catch). */
export const MIN_NODE_MAJOR = 22;

/** Only for a platform better-sqlite3 ships no binary for: it builds one with node-gyp (needs a C++ toolchain). */
export const BUILD_FROM_SOURCE_COMMAND = 'npm run build-release --prefix node_modules/better-sqlite3';

export const nodeTooOld = (version) =>
  `error: fleet testbed necesita Node ${MIN_NODE_MAJOR} o posterior y este es ${version}; instala Node 22, 24 o 26`;

export const NATIVE_BINDING_MISSING =
  'error: no se pudo cargar el binario nativo de better-sqlite3 y sin él no se abre la base de datos; trae ' +
  'binarios para Linux (glibc y musl), macOS y Windows en x64 y arm64: reinstala con npm install o, en otra ' +
  `plataforma, compílalo con: ${BUILD_FROM_SOURCE_COMMAND}`;

export const DEPENDENCIES_MISSING =
  'error: better-sqlite3 no está instalado (faltan las dependencias); arréglalo con: npm install';

/** better-sqlite3 loads its binding lazily, at the first open: opening one is the only real check. */
function openInMemoryDatabase() {
  const Database = require('better-sqlite3');
  new Database(':memory:').close();
}

const isPackageMissing = (err) =>
  err?.code === 'MODULE_NOT_FOUND' && String(err.message).includes("'better-sqlite3'");

const majorOf = (version) => Number(/^v(\d+)\./.exec(version)?.[1] ?? 0);

/** null when this Node can run the testbed and the native binding loads; otherwise the one line that says why. */
export function nativeBuildProblem(open = openInMemoryDatabase, nodeVersion = process.version) {
  if (majorOf(nodeVersion) < MIN_NODE_MAJOR) return nodeTooOld(nodeVersion);
  try {
    open();
    return null;
  } catch (err) {
    return isPackageMissing(err) ? DEPENDENCIES_MISSING : NATIVE_BINDING_MISSING;
  }
}

/** Exits 1 with the line asking for a newer Node: better-sqlite3 would crash this one past any catch. */
export function exitIfNodeTooOld(nodeVersion = process.version) {
  if (majorOf(nodeVersion) >= MIN_NODE_MAJOR) return;
  process.stderr.write(`${nodeTooOld(nodeVersion)}\n`);
  process.exit(1);
}

let checked;
/** nativeBuildProblem() of this install, checked once a process: it cannot change while it runs. */
export function installProblem() {
  if (checked === undefined) checked = nativeBuildProblem();
  return checked;
}
