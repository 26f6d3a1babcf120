import { accessSync, closeSync, constants, existsSync, lstatSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiDatabaseFile } from '../../server/config.ts';
import { quickCheckProblem } from '../../server/db/integrity.ts';
import { CliError } from '../output.ts';
import { fileProblem } from './file-errors.ts';
import { makeDirectory } from '../../server/lib/make-directory.ts';
import { shareWithFolderGroup } from '../../server/db/group-share.ts';

/** The simulators' database (simulators/main.ts opens it under the same name). */
const platformsDatabaseFile = (dataDir: string) => join(dataDir, 'platforms.db');

/** The databases serve opens for writing (serve.lock: data-dir-lock.ts), and the files SQLite keeps beside them. */
const DATABASES = ['api.db', 'platforms.db', 'serve.lock'];
const DATABASE_FILES = DATABASES.flatMap((name) => [name, `${name}-wal`, `${name}-shm`, `${name}-journal`]);

/**
 * The data dir exists (created on first start) and this process may read and write it and the
 * databases in it: a path that is a file, a directory out of reach, or a database another user made
 * and this one cannot write, is one clear line instead of SQLite's own ("attempt to write a
 * readonly database"). A data dir its group may write (the container's /data, for any uid in group
 * 0: OpenShift) gets databases its group may write too, so the next uid of the group can use them.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    makeDirectory(dataDir);
  } catch (err) {
    throw new CliError(unusable(dataDir, err));
  }
  const dir = statSync(dataDir);
  if (!dir.isDirectory()) throw new CliError(`FLEET_DATA_DIR=${dataDir} no es un directorio sino un archivo`);
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new CliError(unusable(dataDir, err));
  }
  if (dir.mode & 0o020) shareWithGroup(dataDir);
  for (const name of DATABASE_FILES) {
    const problem = unwritable(join(dataDir, name));
    if (problem !== null) throw new CliError(`no se puede usar FLEET_DATA_DIR=${dataDir}: ${name} ${problem}`);
  }
}

/**
 * SQLite makes a database 0644 whatever the umask, and its -wal and -shm files as the database: so
 * each database is made here, empty (SQLite takes an empty file as a new database), and given its
 * group's write; one this user made before without it gets it. The umask covers the folders and
 * files made later, in this process and the simulators', started after this; the databases' copies
 * (snapshots, the reset's baseline) are shared as they are made (server/db/group-share.ts).
 */
function shareWithGroup(dataDir: string): void {
  process.umask(process.umask() & ~0o020);
  for (const file of DATABASES.map((name) => join(dataDir, name))) {
    try {
      closeSync(openSync(file, 'a'));
    } catch {
      // Another uid's file this one may not open: unwritable() below says so, if it cannot write it.
    }
    shareWithFolderGroup(file);
  }
}

/** Why this user cannot write an existing file, or null (also when it does not exist yet). */
function unwritable(file: string): string | null {
  try {
    accessSync(file, constants.R_OK | constants.W_OK);
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (code !== 'EACCES' && code !== 'EPERM') return fileProblem(err, 'write');
    const uid = process.getuid?.();
    return `no se puede escribir con este usuario${uid === undefined ? '' : ` (uid ${uid})`}: lo creó otro; dale permiso de escritura (chmod g+w o chown) o arranca con el mismo usuario`;
  }
}

function unusable(dataDir: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const at = (err as NodeJS.ErrnoException).path;
  // A symbolic link to nothing on the way (a volume not mounted): said as such, not as a file.
  if (code === 'EEXIST' && at !== undefined && isBrokenLink(at)) {
    return `no se puede usar FLEET_DATA_DIR=${dataDir}: ${at === dataDir ? 'es' : `una parte de la ruta, ${at}, es`} un enlace simbólico a una ruta que no existe`;
  }
  const reasons: Record<string, string> = {
    EEXIST: 'existe y es un archivo, no un directorio',
    ENOTDIR: 'una parte de la ruta es un archivo, no un directorio',
    EACCES: `no hay permiso para leerlo y escribir en él${asWhom()}`,
    EPERM: `no hay permiso para leerlo y escribir en él${asWhom()}`,
    EROFS: 'está en un sistema de archivos de solo lectura',
    // Its parent is there (a missing one is made first): a file system that makes no directories, as /proc or /sys.
    ENOENT: 'no se puede crear ahí: ese sistema de archivos no admite carpetas nuevas (¿/proc o /sys?)',
  };
  return `no se puede usar FLEET_DATA_DIR=${dataDir}: ${reasons[code] ?? fileProblem(err, 'write')}`;
}

/** Who serve runs as, for a permission refused: in a container, who a bind mount must let write (chown, chmod g+w). */
function asWhom(): string {
  const [uid, gid] = [process.getuid?.(), process.getgid?.()];
  return uid === undefined ? '' : ` (serve se ejecuta como uid ${uid}, gid ${gid}: dale permiso a uno de los dos)`;
}

function isBrokenLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() && !existsSync(path);
  } catch {
    return false;
  }
}

/** Damage is caught before anything opens the databases for writing (migrations, WAL, seeding). */
export function checkDatabases(dataDir: string): void {
  for (const file of [apiDatabaseFile(dataDir), platformsDatabaseFile(dataDir)]) {
    const problem = quickCheckProblem(file);
    if (problem !== null) throw new CliError(problem);
  }
}
