import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

/**
 * `fleet-sim ARGS | head -c N`: the reader takes its first bytes and closes the pipe while the
 * command still writes. How the command ended, and what it said on stderr.
 */
function readFirstBytesThenClose(args: string[]): Promise<{ code: number | null; stderr: string; read: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
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

describe('fleet-sim whose reader leaves (a pipe into head)', () => {
  it('when openapi (~100 kB) writes into a closed pipe, then it ends with 0 and no trace', async () => {
    const result = await readFirstBytesThenClose(['openapi']);

    expect(result.read.length).toBeGreaterThan(0);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
