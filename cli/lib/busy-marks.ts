import type { Readable } from 'node:stream';
import { BUSY_LINE, IDLE_LINE } from '../../simulators/common/long-work.ts';
import { CONTROL_TIMEOUT_MS } from '../../server/platforms/control-timeout.ts';

/**
 * Whether the companion said it is busy on purpose (simulators/common/long-work.ts: a whole restore
 * of a big data dir holds it for seconds), from the lines it prints on `stdout`, which this reads
 * from now on. Busy counts for at most `atMostMs` from its last busy mark: by then the API has given
 * up on the call (CONTROL_TIMEOUT_MS), and a process still silent is hung after all. From the last,
 * not the first: a process that prints a mark is not hung, and one idle mark lost (a full pipe) must
 * not leave every later mark ignored.
 */
export function busyMarks(stdout: Readable, now: () => number = Date.now, atMostMs = CONTROL_TIMEOUT_MS): () => boolean {
  // Long requests may overlap (a fleet's deletion yields between its slices): busy until the last ends.
  let underWay = 0;
  let since = 0;
  let rest = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk: string) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      if (line === BUSY_LINE) {
        underWay++;
        since = now();
      } else if (line === IDLE_LINE) underWay = Math.max(0, underWay - 1);
    }
  });
  return () => underWay > 0 && now() - since < atMostMs;
}
