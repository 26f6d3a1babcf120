import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Read by every command that talks to a running serve: node's own modules only (no database).

/** The file beside serve's lock that names the port the data dir's serve listens on (data-dir-lock.ts). */
export const PORT_FILE = 'serve.port';

/** The port the data dir's serve said it took, or null (none running, or it has not said yet). */
export function servePortOf(dataDir: string): number | null {
  try {
    const port = readFileSync(join(dataDir, PORT_FILE), 'utf8').trim();
    return /^\d+$/.test(port) ? Number(port) : null;
  } catch {
    return null;
  }
}
