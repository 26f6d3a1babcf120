#!/usr/bin/env node
// The package's bin: it runs the compiled CLI's bundle (dist/, scripts/build.mjs), so nothing
// transpiles at start. Node's version is checked first; a broken install of the database gets one
// line, not a trace, from the command that meets it (cli/run-command.ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { exitIfNodeTooOld } from './native-check.mjs';

const BUILD_MISSING = 'error: falta el código compilado (dist/); compílalo con: npm run build';
// Installed from a package packed with its scripts off (`npm pack --ignore-scripts`, or
// `ignore-scripts=true` in an .npmrc): its prepack never built dist/, and the installing project
// has no build of its own to run.
const PACKED_WITHOUT_BUILD = 'error: este paquete de fleet-testbed se empaquetó sin su código compilado (dist/): '
  + 'en el repositorio del testbed, ejecuta npm run build y luego npm pack (npm pack lo compila solo, salvo con --ignore-scripts o ignore-scripts=true), e instala ese paquete';

exitIfNodeTooOld();
// scripts/bundle.mjs's CLI_BUNDLE.
const main = new URL('../dist/bundles/cli/main.js', import.meta.url);
// A checkout not built yet, or a package packed with its scripts off: say how to build rather than
// build, since esbuild and tsc are devDependencies that a production install does not have.
if (!existsSync(main)) {
  const installed = /[\\/]node_modules[\\/]/.test(fileURLToPath(import.meta.url));
  process.stderr.write(`${installed ? PACKED_WITHOUT_BUILD : BUILD_MISSING}\n`);
  process.exit(1);
}
await import(main.href);
