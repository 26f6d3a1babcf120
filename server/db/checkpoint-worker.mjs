// The checkpoint thread when run from the sources (tests): a worker does not inherit the loader its
// parent runs under, so this registers tsx itself. The compiled code (dist/) starts
// checkpoint-thread.js directly and never loads this file.
import { register } from 'tsx/esm/api';

register();
await import('./checkpoint-thread.ts');
