import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJsonLogger, flushLogs } from '../../server/lib/logger.ts';

describe('createJsonLogger writing to stderr', () => {
  let written: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    written = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
  });

  afterEach(() => {
    flushLogs();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('when info lines are logged, then they are written together, one line each, 50 ms after the first', () => {
    const logger = createJsonLogger();

    logger.info('uno', { n: 1 });
    logger.info('dos');
    vi.advanceTimersByTime(49);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);

    expect(written).toEqual(['{"level":"info","msg":"uno","n":1}\n{"level":"info","msg":"dos"}\n']);
  });

  it('when a warning or an error is logged, then it is written at once, after the info lines before it', () => {
    const logger = createJsonLogger();

    logger.info('uno');
    logger.warn('dos');
    logger.error('tres');

    expect(written).toEqual(['{"level":"info","msg":"uno"}\n{"level":"warn","msg":"dos"}\n', '{"level":"error","msg":"tres"}\n']);
  });

  it('when a message needs escaping or the fields are empty, then each line is still one valid JSON object', () => {
    const logger = createJsonLogger();

    logger.info('dijo "hola"\n', {});
    logger.error('falló', { detail: 'a\\b', n: null });

    const lines = written.join('').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 'info', msg: 'dijo "hola"\n' },
      { level: 'error', msg: 'falló', detail: 'a\\b', n: null },
    ]);
  });
});

describe('createJsonLogger when the process exits', () => {
  it('then the info lines still pending are written', () => {
    const script = `import('./server/lib/logger.ts').then(({ createJsonLogger }) => { createJsonLogger().info('antes de salir'); process.exit(0); })`;

    const { stderr, status } = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });

    expect([status, stderr]).toEqual([0, '{"level":"info","msg":"antes de salir"}\n']);
  });
});
