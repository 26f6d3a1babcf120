/** Structured one-line JSON logs. Never give it secrets: callers pass ids and prefixes only. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createJsonLogger(write: (line: string) => void = bufferedStderr()): Logger {
  const log = (level: string) => (msg: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ level, msg, ...fields }));
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

/**
 * One write to stderr per event-loop turn instead of one per line: a synchronous write per request
 * was a measurable part of the hot path (docs/performance.md). One buffer for the process, flushed
 * at exit too, so every logger shares a single exit listener.
 */
let pending: string[] = [];
let exitHookInstalled = false;

function flushStderr(): void {
  if (pending.length === 0) return;
  process.stderr.write(pending.join('\n') + '\n');
  pending = [];
}

function bufferedStderr(): (line: string) => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', flushStderr);
  }
  return (line) => {
    if (pending.length === 0) setImmediate(flushStderr);
    pending.push(line);
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
