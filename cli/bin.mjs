#!/usr/bin/env node
// The package's bin: it runs the compiled CLI's bundle (dist/, scripts/build.mjs), so nothing
// transpiles at start. Node's version is checked first; a broken install of the database gets one
// line, not a trace, from the command that meets it (cli/run-command.ts).
import { existsSync } from 'node:fs';
import { exitIfNodeTooOld } from './native-check.mjs';

const BUILD_MISSING = 'error: falta el código compilado (dist/); compílalo con: npm run build';

exitIfNodeTooOld();
// scripts/bundle.mjs's CLI_BUNDLE.
const main = new URL('../dist/bundles/cli/main.js', import.meta.url);
// Only a checkout can lack it (a packed package ships dist/): say how to build rather than build,
// since esbuild and tsc are devDependencies that a production install does not have.
if (!existsSync(main)) {
  process.stderr.write(`${BUILD_MISSING}\n`);
  process.exit(1);
}
await import(main.href);
