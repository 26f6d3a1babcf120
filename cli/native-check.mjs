// Plain JavaScript, loaded before the compiled code: it must answer even when the install is broken, and it runs
// on every command, so it costs one in-memory database open (which serve and most commands do anyway).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const REBUILD_COMMAND = 'npm install-scripts approve better-sqlite3 && npm rebuild better-sqlite3';

export const NATIVE_BUILD_MISSING =
  'error: falta la compilación nativa de better-sqlite3 (su script de instalación no se ejecutó o es de ' +
  `otra versión de Node) y sin ella no se abre la base de datos; arréglalo con: ${REBUILD_COMMAND} ` +
  '(si tu npm no conoce install-scripts: npm rebuild better-sqlite3)';

export const DEPENDENCIES_MISSING =
  'error: better-sqlite3 no está instalado (faltan las dependencias); arréglalo con: npm install';

/** better-sqlite3 loads its binding lazily, at the first open: opening one is the only real check. */
function openInMemoryDatabase() {
  const Database = require('better-sqlite3');
  new Database(':memory:').close();
}

const isPackageMissing = (err) =>
  err?.code === 'MODULE_NOT_FOUND' && String(err.message).includes("'better-sqlite3'");

/** null when the native binding loads; otherwise the one line that says what happened and the fix. */
export function nativeBuildProblem(open = openInMemoryDatabase) {
  try {
    open();
    return null;
  } catch (err) {
    return isPackageMissing(err) ? DEPENDENCIES_MISSING : NATIVE_BUILD_MISSING;
  }
}

/** Exits 1 with that line, before any command can meet the problem as a stack trace. */
export function exitIfNativeBuildMissing() {
  const problem = nativeBuildProblem();
  if (!problem) return;
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}
