const READER_GONE = new Set(['EPIPE', 'ERR_STREAM_DESTROYED']);

/**
 * `fleet-sim openapi | head` closes the pipe once head has its lines: what the command writes after
 * that goes nowhere, as with any Unix tool, instead of an unhandled 'error' event and its trace.
 * Any other failure to write is one line on stderr and exit 1 (stderr itself may be the one gone).
 */
export function endQuietlyWhenReaderLeaves(streams: NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (READER_GONE.has(err.code ?? '')) return;
      try {
        process.stderr.write(`error: no se pudo escribir la salida (${err.code ?? err.message})\n`);
      } finally {
        process.exit(1);
      }
    });
  }
}
