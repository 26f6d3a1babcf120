/** Structured one-line JSON logs. Never give it secrets: callers pass ids and prefixes only. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Where lines go; `urgent` lines (warnings, errors) must not wait. */
export type LineSink = (line: string, urgent: boolean) => void;

export function createJsonLogger(sink: LineSink = stderrSink): Logger {
  const log = (level: string, urgent: boolean) => (msg: string, fields?: Record<string, unknown>) =>
    sink(JSON.stringify({ level, msg, ...fields }), urgent);
  return { info: log('info', false), warn: log('warn', true), error: log('error', true) };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };

/**
 * Info lines (one per request) are gathered and written to stderr together, FLUSH_MS after the
 * first of them: a write per line was a system call per request, about 9 % of a GET by id's CPU
 * (docs/performance.md). A warning or an error is written at once, after the lines before it, and
 * everything pending is written when the process exits; a death with no exit (SIGKILL, abort) loses
 * the last FLUSH_MS of request lines. One buffer for the process: lines keep their order across loggers.
 */
const FLUSH_MS = 50;
const FLUSH_CHARS = 64 * 1024;
let pending = '';
let timer: NodeJS.Timeout | null = null;
let exitHooked = false;

/** Writes what the stderr sink holds; the process's exit does it too. */
export function flushLogs(): void {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  if (pending === '') return;
  const text = pending;
  pending = '';
  process.stderr.write(text);
}

function stderrSink(line: string, urgent: boolean): void {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', flushLogs);
  }
  pending += `${line}\n`;
  if (urgent || pending.length >= FLUSH_CHARS) flushLogs();
  // unref: a pending flush never keeps the process alive; the exit hook writes what is left.
  else if (timer === null) timer = setTimeout(flushLogs, FLUSH_MS).unref();
}
