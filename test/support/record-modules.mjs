// Preloaded with `node --import`: appends the URL of every module the process loads (ES modules,
// and the packages our ES modules import) to the file named by FLEET_MODULE_LOG, one a line.
// Module hooks run on a thread of their own, hence a file rather than memory.
import { register } from 'node:module';

register(new URL('./record-modules-hooks.mjs', import.meta.url), { data: { file: process.env.FLEET_MODULE_LOG } });
