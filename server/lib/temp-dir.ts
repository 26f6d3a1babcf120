import { accessSync, constants, statSync } from 'node:fs';

/**
 * The directory SQLite writes its temporary files to, found as SQLite finds it on Unix (os_unix.c,
 * unixTempFileDir): SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp, then the working directory,
 * the first that is a directory this process may write. Null: none, and every statement that needs
 * one (a reset, a whole restore, a world snapshot, a big sort) fails with "disk I/O error".
 */
export function sqliteTempDir(env: NodeJS.ProcessEnv = process.env, writable: (dir: string) => boolean = writableDir): string | null {
  const candidates = [env.SQLITE_TMPDIR, env.TMPDIR, '/var/tmp', '/usr/tmp', '/tmp', '.'];
  return candidates.find((dir): dir is string => Boolean(dir) && writable(dir!)) ?? null;
}

function writableDir(dir: string): boolean {
  try {
    if (!statSync(dir).isDirectory()) return false;
    accessSync(dir, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const NONE_WRITABLE = 'no hay un directorio temporal escribible (SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp ni el directorio actual)';
const FIX = 'En un contenedor --read-only, añade --tmpfs /tmp.';

/**
 * serve's line when there is none, said as it starts: SQLite then keeps its temporaries in memory
 * (db/open.ts), world snapshots' copies included, so a big world costs memory instead of a file.
 */
export const NO_TEMP_DIR_WARNING =
  `Aviso: ${NONE_WRITABLE}: SQLite guarda sus temporales en memoria, también las copias de las instantáneas de un mundo, y un mundo grande las paga en memoria. ${FIX}\n`;

/** What a failed SQLite statement says to the caller when no temporary directory is writable (its own words: "disk I/O error"), or null. */
export function noTempDirProblem(message: string, find: () => string | null = sqliteTempDir): string | null {
  return /disk I\/O error/i.test(message) && find() === null ? `${NONE_WRITABLE[0].toUpperCase()}${NONE_WRITABLE.slice(1)}: SQLite no pudo escribir sus archivos temporales. ${FIX}` : null;
}
