import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createJsonLogger } from '../../server/lib/logger.ts';

describe('createJsonLogger writing to stderr', () => {
  let written: string[];

  beforeEach(() => {
    written = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('when lines are logged, then each is written at once as one line', () => {
    const logger = createJsonLogger();

    logger.info('uno', { n: 1 });
    logger.warn('dos');

    expect(written).toEqual(['{"level":"info","msg":"uno","n":1}\n', '{"level":"warn","msg":"dos"}\n']);
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
