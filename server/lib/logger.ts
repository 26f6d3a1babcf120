/** Structured one-line JSON logs. Never give it secrets: callers pass ids and prefixes only. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export function createJsonLogger(write: (line: string) => void = bufferedStderr()): Logger {
  // The line is the fields' JSON with level and msg spliced in front: no copy of the fields object.
  const log = (level: string) => {
    const head = `{"level":${JSON.stringify(level)},"msg":`;
    return (msg: string, fields?: Record<string, unknown>) => {
      const rest = fields === undefined ? '{}' : JSON.stringify(fields);
      write(`${head}${JSON.stringify(msg)}${rest.length > 2 ? ',' : ''}${rest.slice(1)}`);
    };
  };
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

/**
 * Lines are gathered and written to stderr together, at most FLUSH_MS after the first of them or
 * at FLUSH_LINES, and at exit. A write per event-loop turn was still one system call per request
 * under load, about a tenth of a request's CPU (docs/performance.md). The price: a process killed
 * with SIGKILL loses its last FLUSH_MS of lines. One buffer for the process, so every logger
 * shares a single exit listener.
 */
const FLUSH_MS = 50;
const FLUSH_LINES = 512;
let pending: string[] = [];
let timer: NodeJS.Timeout | null = null;
let exitHookInstalled = false;

function flushStderr(): void {
  if (timer) clearTimeout(timer);
  timer = null;
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
    pending.push(line);
    if (pending.length >= FLUSH_LINES) flushStderr();
    // unref: a pending flush never keeps the process alive; the exit hook writes what is left.
    else if (timer === null) timer = setTimeout(flushStderr, FLUSH_MS).unref();
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
