/**
 * Where a thread of the API's starts, beside the module that starts it (`base`: its import.meta.url).
 * Compiled (dist/), `<name>-thread.js` itself; from the sources (the tests), `<name>-worker.mjs`,
 * which registers tsx's loader first: a worker does not inherit the one its parent runs under.
 */
export const threadUrl = (base: string, name: string): URL =>
  new URL(base.endsWith('.js') ? `./${name}-thread.js` : `./${name}-worker.mjs`, base);
