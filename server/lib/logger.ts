/** Structured one-line JSON logs. Never give it secrets: callers pass ids and prefixes only. */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

/** Each line is written as it is logged, so none is lost however the process ends. */
const stderrLine = (line: string): void => void process.stderr.write(`${line}\n`);

export function createJsonLogger(write: (line: string) => void = stderrLine): Logger {
  const log = (level: string) => (msg: string, fields?: Record<string, unknown>) => write(JSON.stringify({ level, msg, ...fields }));
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
