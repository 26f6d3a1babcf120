#!/usr/bin/env node
// The package's bin: it runs the compiled code (dist/, scripts/build.mjs), so nothing transpiles at
// start. The native check comes first: a broken install gets one line, not a trace.
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { exitIfNativeBuildMissing } from './native-check.mjs';

// V8's compiled code kept on disk (Node's compile cache, in the system's temp dir unless
// NODE_COMPILE_CACHE names one; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a start after the first
// skips compiling the bundles. Named in the environment, so serve's companion process uses it too.
// Looked up, not imported by name: a Node without it (older than 22.1) still reaches the native
// check's one-line message.
const cache = nodeModule.enableCompileCache?.();
if (cache?.directory && !process.env.NODE_COMPILE_CACHE) process.env.NODE_COMPILE_CACHE = cache.directory;

const BUILD_MISSING = 'error: falta el código compilado (dist/); compílalo con: npm run build';

exitIfNativeBuildMissing();
const main = new URL('../dist/cli/main.js', import.meta.url);
// Only a checkout can lack it (a packed package ships dist/): say how to build rather than build,
// since esbuild and tsc are devDependencies that a production install does not have.
if (!existsSync(main)) {
  process.stderr.write(`${BUILD_MISSING}\n`);
  process.exit(1);
}
await import(main.href);
