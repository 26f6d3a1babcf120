import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/**
 * `fleet-sim ARGS | head -c N`: the reader takes its first bytes and closes the pipe while the
 * command still writes. How the command ended, and what it said on stderr.
 */
function readFirstBytesThenClose(args: string[], command = [BIN]): Promise<{ code: number | null; stderr: string; read: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...command, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let read = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.once('data', (chunk) => {
      read = String(chunk).slice(0, 20);
      child.stdout.destroy();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr, read }));
  });
}

const CLOSED_PIPE = fileURLToPath(new URL('../../cli/lib/closed-pipe.ts', import.meta.url));

/** 50 lines, each once written (or refused): a pipe closed meanwhile is met for sure, in no time. */
const writeLines = (line: string) => `for (let i = 0; i < 50; i++) await new Promise((done) => process.stdout.write('${line}\\n', done));`;

describe('fleet-sim whose reader leaves (a pipe into head)', () => {
  it('when the reader leaves during work that must finish (scenario run), then it finishes, and the writes after it stop the process as usual (the next command of a batch)', async () => {
    const script = `
      import { endQuietlyWhenReaderLeaves, finishEvenIfReaderLeaves } from ${JSON.stringify(CLOSED_PIPE)};
      endQuietlyWhenReaderLeaves();
      await finishEvenIfReaderLeaves(async () => { ${writeLines('x'.repeat(200))} process.stderr.write('terminado\\n'); });
      ${writeLines('y')}
      process.stderr.write('nunca\\n');`;

    const result = await readFirstBytesThenClose(['--import', 'tsx', '--input-type=module', '-e', script], []);

    expect(result.stderr).toBe('terminado\n');
    expect(result.code).toBe(0);
  });

  it('when openapi (~100 kB) writes into a closed pipe, then it ends with 0 and no trace', async () => {
    const result = await readFirstBytesThenClose(['openapi']);

    expect(result.read.length).toBeGreaterThan(0);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
