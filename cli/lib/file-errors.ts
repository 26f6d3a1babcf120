import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

// Node's file errors read "ENOENT: no such file or directory, open 'x'": the user gets the reason in Spanish.

const REASONS: Record<string, string> = {
  EACCES: 'no hay permiso',
  EPERM: 'no hay permiso',
  EISDIR: 'es una carpeta, no un archivo',
  ENOTDIR: 'una parte de la ruta es un archivo, no una carpeta',
  EROFS: 'está en un sistema de archivos de solo lectura',
  ENOSPC: 'no queda espacio en el disco',
  EMFILE: 'hay demasiados archivos abiertos',
  ENAMETOOLONG: 'la ruta es demasiado larga',
};

/** Why a file could not be read or written, in Spanish; an unexpected code is named, never Node's English text. */
export function fileProblem(err: unknown, doing: 'read' | 'write'): string {
  const code = (err as NodeJS.ErrnoException | null)?.code ?? '';
  if (code === 'ENOENT') return doing === 'read' ? 'no existe' : 'su carpeta no existe';
  return REASONS[code] ?? `error del sistema${code ? ` (${code})` : ''}`;
}

/** Why a report could not be written to `file`, found before the work that produces it; null when it can. */
export function writeProblem(file: string): string | null {
  try {
    if (statSync(file).isDirectory()) return REASONS.EISDIR;
    accessSync(file, constants.W_OK);
    return null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return fileProblem(err, 'write');
  }
  try {
    accessSync(dirname(resolve(file)), constants.W_OK);
    return null;
  } catch (err) {
    return fileProblem(err, 'write');
  }
}
