import type { Server } from 'node:http';

/**
 * The servers test apps listen on (app.ts), closed after each test file (servers-setup.ts). Kept on
 * globalThis, so that it is the same set whichever module instance a setup file (run again before
 * every test file) or an app reaches; and the setup file need not import the app and all it loads.
 */
const KEY = Symbol.for('fleet-testbed.test-servers');
const registry = globalThis as typeof globalThis & { [KEY]?: Set<Server> };

export const listening = (): Set<Server> => (registry[KEY] ??= new Set());

/** Closes every server a test app listened on. */
export function closeTestServers(): void {
  for (const server of listening()) {
    server.closeAllConnections();
    server.close();
  }
  listening().clear();
}
