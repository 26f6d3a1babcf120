import { spawn } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
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

/** The processes, other than `writer`, holding the pipe `writer`'s stdout goes into. */
function otherHoldersOfStdoutPipe(writer: number): number[] {
  let pipe: string;
  try {
    pipe = readlinkSync(`/proc/${writer}/fd/1`);
  } catch {
    return []; // The writer has ended: the test's assertions say how.
  }
  const holders: number[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name) && Number(name) !== writer)) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === pipe)) holders.push(Number(pid));
    } catch {
      // Gone, or not ours to read: not a holder of our pipe either way.
    }
  }
  return holders;
}

/**
 * Until no process but the writer holds its stdout pipe. The test's workers are threads of one
 * process: a child another test forks keeps a copy of our read end until it execs, and a write
 * then goes into the pipe's buffer instead of being refused.
 */
async function untilReaderGone(writer: number): Promise<void> {
  while (otherHoldersOfStdoutPipe(writer).length > 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

const CLOSED_PIPE = fileURLToPath(new URL('../../cli/lib/closed-pipe.ts', import.meta.url));
const BATCH = fileURLToPath(new URL('../../cli/commands/batch.ts', import.meta.url));

/** Writes until a write fails (the reader has closed the pipe): no count of writes or wait can be too short on a busy machine. */
const WRITE_UNTIL_REFUSED = `while (!(await new Promise((done) => process.stdout.write('x'.repeat(200) + '\\n', (err) => done(Boolean(err)))))) {}`;

describe('fleet-sim whose reader leaves (a pipe into head)', () => {
  it('when the reader leaves during a batch line that must finish (scenario run), then that line finishes and the batch ends before its next line', async () => {
    const script = `
      import { Command } from 'commander';
      import { endQuietlyWhenReaderLeaves, finishEvenIfReaderLeaves } from ${JSON.stringify(CLOSED_PIPE)};
      import { runBatch } from ${JSON.stringify(BATCH)};
      endQuietlyWhenReaderLeaves();
      const build = () => new Command('fleet-sim').exitOverride()
        .addCommand(new Command('larga').action(() => finishEvenIfReaderLeaves(async () => { ${WRITE_UNTIL_REFUSED} process.stderr.write('terminada\\n'); })))
        .addCommand(new Command('siguiente').action(() => void process.stderr.write('siguiente\\n')));
      await runBatch(['larga', 'siguiente'], {}, build);
      process.stderr.write('fin del batch\\n');`;

    const result = await readFirstBytesThenClose(['--import', 'tsx', '--input-type=module', '-e', script], []);

    expect(result.stderr).toBe('terminada\nfin del batch\n');
    expect(result.code).toBe(0);
  });

  it('when a batch line\'s last write is the one refused (the pipe\'s error not yet come when the line returns), then the batch still ends before its next line, with that line\'s failure', async () => {
    // The reader leaves, then says so on stdin: the line's one write after it is refused, not awaited.
    const script = `
      import { Command } from 'commander';
      import { endQuietlyWhenReaderLeaves, finishEvenIfReaderLeaves } from ${JSON.stringify(CLOSED_PIPE)};
      import { runBatch } from ${JSON.stringify(BATCH)};
      endQuietlyWhenReaderLeaves();
      const readerGone = new Promise((done) => process.stdin.once('data', done));
      const build = () => new Command('fleet-sim').exitOverride()
        .addCommand(new Command('larga').action(() => finishEvenIfReaderLeaves(async () => {
          process.stdout.write('primera\\n');
          await readerGone;
          process.stdout.write('nadie la lee\\n');
          process.exitCode = 3;
          throw new Error('falla');
        })))
        .addCommand(new Command('siguiente').action(() => void process.stderr.write('siguiente\\n')));
      await runBatch(['larga', 'siguiente'], { keepGoing: true }, build).catch((err) => process.stderr.write('batch: ' + err.message + '\\n'));
      process.stdin.destroy();`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // Said once the read end is closed: its destroy closes the pipe a turn later, and a write of the
    // child's before that went into the pipe's buffer, refused by nobody (the line then ran on).
    child.stdout.once('data', () => {
      child.stdout.once('close', () => void untilReaderGone(child.pid!).then(() => child.stdin.write('se fue\n')));
      child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));

    expect(stderr).not.toContain('siguiente');
    expect(code).not.toBe(0);
  });

  it('when openapi (~100 kB) writes into a closed pipe, then it ends with 0 and no trace', async () => {
    const result = await readFirstBytesThenClose(['openapi']);

    expect(result.read.length).toBeGreaterThan(0);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
