/**
 * Heap snapshots of the API process for `npm run soak -- --heap-snapshots`: serve runs with
 * `--heapsnapshot-signal`, and each SIGUSR2 writes one (after a full GC) into the data dir. Their
 * live sizes, after warm-up and at the end, tell a leak (live heap grows) from memory V8 or SQLite
 * keeps reserved (RSS grows, live heap does not); the files open in Chrome DevTools → Memory for
 * the objects that grew ("Comparison" view).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const heapSnapshotArgs = (dir: string) => ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`];

const snapshotsIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.heapsnapshot')).sort();

/** Asks for a snapshot and waits (real time: the process writes it) until the file is complete. */
export async function takeHeapSnapshot(pid: number, dir: string): Promise<string> {
  const before = snapshotsIn(dir).length;
  process.kill(pid, 'SIGUSR2');
  for (let waited = 0; waited < 120_000; waited += 500) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const files = snapshotsIn(dir);
    if (files.length > before) {
      const file = join(dir, files[files.length - 1]);
      if (isComplete(file)) return file;
    }
  }
  throw new Error('the API wrote no heap snapshot in 120 s');
}

function isComplete(file: string): boolean {
  try {
    JSON.parse(readFileSync(file, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

/** Live heap in MB: the sum of every node's self size (the snapshot holds only reachable objects). */
export function liveHeapMb(file: string): { mb: number; nodes: number } {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { snapshot: { meta: { node_fields: string[] } }; nodes: number[] };
  const fields = snapshot.snapshot.meta.node_fields;
  const width = fields.length;
  const selfSize = fields.indexOf('self_size');
  let bytes = 0;
  for (let i = selfSize; i < snapshot.nodes.length; i += width) bytes += snapshot.nodes[i];
  return { mb: bytes / 2 ** 20, nodes: snapshot.nodes.length / width };
}
