const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/** Work under way that must finish whatever happens to stdout (below). */
let finishing = 0;
/** Whether stdout's reader has gone: its 'error' comes once, so later commands of a batch ask here. */
let readerLeft = false;

/**
 * After work that finished past a gone reader, a batch ends instead of running its next line for
 * nobody. The stream's `errored` is set as the refused write returns; its 'error' event comes a tick
 * later, after a command whose last write it was has already returned.
 */
export const readerHasLeft = (): boolean =>
  readerLeft || READER_GONE.has((process.stdout as { errored?: NodeJS.ErrnoException | null }).errored?.code ?? '');

/**
 * For a command whose end matters more than its output: `scenario run`, whose exit code is a
 * verdict and whose last act deletes the worlds it made. Stopped at once when `| head -1` or
 * `| grep -q` leaves, it exited 0 for a run that had not passed yet and left every world behind;
 * with this it runs to its end, writing nothing more to stdout (stderr still says why it failed).
 * Until `work` settles; a batch (`fleet-sim -`) then ends before its next line (readerHasLeft).
 */
export async function finishEvenIfReaderLeaves<T>(work: () => Promise<T>): Promise<T> {
  finishing++;
  try {
    return await work();
  } finally {
    finishing--;
  }
}

/**
 * `fleet-sim openapi | head` closes the pipe once head has its lines. A Unix tool dies by SIGPIPE
 * at its next write, which Node ignores: the write's error was an unhandled 'error' event and its
 * trace, and a command that goes on (`requests --follow | head -1`) would run on with nobody
 * reading. So a reader gone from stdout stops the command as a stop request would: through its own
 * SIGTERM handler when it has one (serve and `--follow` end cleanly), else at once with 0. stderr
 * gone is no reason to stop; any other failure to write is one line on stderr and exit 1.
 */
export function endQuietlyWhenReaderLeaves(): void {
  let stopping = false;
  const readerGone = () => {
    readerLeft = true;
    if (stopping || finishing > 0) return;
    stopping = true;
    if (process.listenerCount('SIGTERM') > 0) process.kill(process.pid, 'SIGTERM');
    else process.exit(process.exitCode ?? 0);
  };
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (READER_GONE.has(err.code ?? '')) return void (stream === process.stdout && readerGone());
      try {
        process.stderr.write(`error: no se pudo escribir la salida (${err.code ?? err.message})\n`);
      } finally {
        process.exit(1);
      }
    });
  }
}
