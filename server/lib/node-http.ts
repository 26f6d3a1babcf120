import { createRequire } from 'node:module';

/**
 * node:http, required rather than imported. An ESM import of a builtin builds its ESM facade, which
 * reads every export, and node:http exports WebSocket and its events through lazy getters that load
 * undici: ~20 ms of CPU at the start of each process that imports it (serve, the simulators, every
 * CLI command that calls the testbed; measured on Node 24). Required, the getters are never read.
 * It is the module object itself, so what msw replaces on it (`request`) is what callers get.
 */
export const nodeHttp: typeof import('node:http') = createRequire(import.meta.url)('node:http');
