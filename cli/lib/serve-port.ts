import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ended } from './process-alive.ts';

// Read by every command that talks to a running serve: node's own modules only (no database).

/** The file beside serve's lock that names the port the data dir's serve listens on (data-dir-lock.ts). */
export const PORT_FILE = 'serve.port';

/** The number a file of the data dir holds, or null. */
function numberIn(dataDir: string, file: string): number | null {
  try {
    const text = readFileSync(join(dataDir, file), 'utf8').trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/**
 * The port the data dir's serve said it took, or null: none running, it has not said yet, or the
 * one that said it has ended (killed, its files left: another serve may have that port now).
 */
export function servePortOf(dataDir: string): number | null {
  const port = numberIn(dataDir, PORT_FILE);
  const pid = numberIn(dataDir, 'serve.pid');
  return port === null || pid === null || ended(pid) ? null : port;
}
