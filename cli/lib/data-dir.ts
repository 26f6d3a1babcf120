import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiDatabaseFile } from '../../server/config.ts';
import { quickCheckProblem } from '../../server/db/integrity.ts';
import { CliError } from '../output.ts';
import { fileProblem } from './file-errors.ts';

/** The simulators' database (simulators/main.ts opens it under the same name). */
const platformsDatabaseFile = (dataDir: string) => join(dataDir, 'platforms.db');

/**
 * The data dir exists (created on first start) and this process may read and write it: a path
 * that is a file, or a directory out of reach, is one clear line instead of a SQLite stack trace.
 */
export function prepareDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw new CliError(unusable(dataDir, err));
  }
  if (!statSync(dataDir).isDirectory()) throw new CliError(`FLEET_DATA_DIR=${dataDir} no es un directorio sino un archivo`);
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new CliError(unusable(dataDir, err));
  }
}

function unusable(dataDir: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const reasons: Record<string, string> = {
    EEXIST: 'existe y es un archivo, no un directorio',
    ENOTDIR: 'una parte de la ruta es un archivo, no un directorio',
    EACCES: 'no hay permiso para leerlo y escribir en él',
    EPERM: 'no hay permiso para leerlo y escribir en él',
    EROFS: 'está en un sistema de archivos de solo lectura',
  };
  return `no se puede usar FLEET_DATA_DIR=${dataDir}: ${reasons[code] ?? fileProblem(err, 'write')}`;
}

/** Damage is caught before anything opens the databases for writing (migrations, WAL, seeding). */
export function checkDatabases(dataDir: string): void {
  for (const file of [apiDatabaseFile(dataDir), platformsDatabaseFile(dataDir)]) {
    const problem = quickCheckProblem(file);
    if (problem !== null) throw new CliError(problem);
  }
}
