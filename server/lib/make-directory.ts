import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p`, one directory at a time, not `mkdirSync(path, {recursive: true})`: that one loops for
 * ever (Node 22–26) where a mkdir answers ENOENT although the parent is there, as under /proc or /sys
 * (`FLEET_DATA_DIR=/proc/nope`: serve hung with no output, and startTestbed waited its whole 60 s).
 * Here that mkdir's ENOENT is thrown, like any other failure (ENOTDIR, EACCES, EROFS…).
 */
export function makeDirectory(path: string): void {
  const missing: string[] = [];
  // There already but a file: mkdir says so itself (EEXIST), as the recursive one did.
  if (existsSync(path) && !statSync(path).isDirectory()) mkdirSync(path);
  for (let at = resolve(path); !existsSync(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const dir of missing.reverse()) {
    try {
      mkdirSync(dir);
    } catch (err) {
      // Made meanwhile by another process (two serves starting on one new data dir): it is there. A
      // link to nothing is "there" to mkdir (EEXIST) but no directory: that EEXIST is thrown.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !isDirectory(dir)) throw err;
    }
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
