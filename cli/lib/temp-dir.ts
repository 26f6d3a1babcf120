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

/** serve's line when there is none: said as it starts, not as a 503 or a 500 at the first reset. */
export const NO_TEMP_DIR_WARNING =
  'Aviso: no hay un directorio temporal escribible (SQLITE_TMPDIR, TMPDIR, /var/tmp, /usr/tmp, /tmp ni el directorio actual): ' +
  'un reset, una restauración completa y las instantáneas de un mundo fallarán. En un contenedor --read-only, añade --tmpfs /tmp.\n';
