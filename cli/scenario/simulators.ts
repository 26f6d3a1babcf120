import { nodeHttp } from '../../server/lib/node-http.ts';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SimClock } from '../../server/lib/clock.ts';
import { createSimulatorsApp } from '../../simulators/app.ts';
import { openSimulatorsDb } from '../../simulators/db.ts';
import type { Companion } from '../lib/companion.ts';

/**
 * The simulators in this process, still reached over HTTP on loopback exactly as the companion is.
 * Spawning the companion costs seconds per environment (a Node process loading the simulators);
 * a test suite that starts a fresh environment per scenario uses this instead.
 */
export function startInProcessSimulators(dataDir: string, seed: number, clockStart: string): Promise<Companion> {
  const db = openSimulatorsDb(join(dataDir, 'platforms.db'));
  // The API pushes its clock on start; until then the simulators start where it does.
  const clock = new SimClock({ frozenAtMs: Date.parse(clockStart), offsetMs: 0 });
  const server = nodeHttp.createServer(createSimulatorsApp({ db, clock, seed }));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const stop = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }).then(() => void db.close());
      resolve({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, stop });
    });
  });
}
