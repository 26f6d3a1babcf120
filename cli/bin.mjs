#!/usr/bin/env node
// The package's bin: it runs the compiled code (dist/, scripts/build.mjs), so nothing transpiles at
// start. The native check comes first: a broken install gets one line, not a trace.
import { existsSync } from 'node:fs';
import { exitIfNativeBuildMissing } from './native-check.mjs';

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
