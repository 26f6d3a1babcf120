import type { Readable } from 'node:stream';
import { BUSY_LINE, IDLE_LINE } from '../../simulators/common/long-work.ts';
import { CONTROL_TIMEOUT_MS } from '../../server/platforms/control-timeout.ts';

/**
 * Whether the companion said it is busy on purpose (simulators/common/long-work.ts: a whole restore
 * of a big data dir holds it for seconds), from the lines it prints on `stdout`, which this reads
 * from now on. Busy counts for at most `atMostMs` from its mark: by then the API has given up on the
 * call (CONTROL_TIMEOUT_MS), and a process still silent is hung after all.
 */
export function busyMarks(stdout: Readable, now: () => number = Date.now, atMostMs = CONTROL_TIMEOUT_MS): () => boolean {
  let since: number | null = null;
  let rest = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (line === BUSY_LINE) since = now();
      else if (line === IDLE_LINE) since = null;
    }
  });
  return () => since !== null && now() - since < atMostMs;
}
