import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJsonLogger } from '../../server/lib/logger.ts';

describe('createJsonLogger writing to stderr', () => {
  let written: string[];

  beforeEach(() => {
    vi.useFakeTimers();
    written = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
  });

  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('when lines are logged, then they are written together once 50 ms have passed, not before', () => {
    const logger = createJsonLogger();

    logger.info('uno', { n: 1 });
    logger.warn('dos');
    vi.advanceTimersByTime(49);
    expect(written).toEqual([]);
    vi.advanceTimersByTime(1);

    expect(written).toEqual(['{"level":"info","msg":"uno","n":1}\n{"level":"warn","msg":"dos"}\n']);
  });

  it('when 512 lines gather before the timer, then they are written at once', () => {
    const logger = createJsonLogger();

    for (let i = 0; i < 512; i++) logger.info('línea', { i });

    expect(written).toHaveLength(1);
    expect(written[0].trimEnd().split('\n')).toHaveLength(512);
    vi.advanceTimersByTime(50);
    expect(written).toHaveLength(1);
  });

  it('when a message needs escaping or the fields are empty, then each line is still one valid JSON object', () => {
    const logger = createJsonLogger();

    logger.info('dijo "hola"\n', {});
    logger.error('falló', { detail: 'a\\b', n: null });
    vi.advanceTimersByTime(50);

    const lines = written.join('').trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { level: 'info', msg: 'dijo "hola"\n' },
      { level: 'error', msg: 'falló', detail: 'a\\b', n: null },
    ]);
  });
});
