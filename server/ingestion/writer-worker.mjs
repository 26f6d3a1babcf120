// The ingestion writer's thread (ingest-writer.ts). Plain JS: a worker does not inherit the tsx loader
// that cli/bin.mjs registers, so it registers it itself, as bin.mjs does.
import { register } from 'tsx/esm/api';

register();
await import('./writer-thread.ts');
