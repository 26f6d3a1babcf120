import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it, onTestFinished } from 'vitest';
import { alive, ended } from '../../cli/lib/process-alive.ts';
import { watchedProcess } from '../../cli/lib/stop-request.ts';

describe('FLEET_EXIT_WITH_PARENT (cli/lib/stop-request.ts)', () => {
  it.each([
    ['1', 'parent'],
    ['2', 2],
    ['4242', 4242],
    [String(2 ** 31 - 1), 2 ** 31 - 1],
    [String(2 ** 31), null],
    ['0', null],
    ['', null],
    ['-5', null],
    ['12a', null],
    ['yes', null],
    [undefined, null],
  ])('when it is %j, then serve watches %j', (value, watched) => {
    expect(watchedProcess(value)).toBe(watched);
  });
});

describe('whether the watched process has ended (cli/lib/process-alive.ts)', () => {
  it('when it died and its parent has not reaped it (a zombie), then it has ended, though signal 0 still finds it; a live one has not', async () => {
    // The background child waits for a line on the test's pipe, and gets it only once its parent has
    // been exec'd into a long sleep, which never reaps it: a child that ended before the exec could be
    // reaped by the shell (it was, in one CI run: its /proc entry was gone).
    const parent = spawn('sh', ['-c', 'exec 3<&0; (read line <&3) & echo $!; exec sleep 30 3<&-'], { stdio: ['pipe', 'pipe', 'ignore'] });
    onTestFinished(() => void parent.kill('SIGKILL'));
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))));
    const stateOf = (pid: number) => {
      try {
        return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.[0];
      } catch {
        return undefined;
      }
    };
    const comm = () => readFileSync(`/proc/${parent.pid}/comm`, 'utf8').trim();
    for (let i = 0; i < 500 && comm() !== 'sleep'; i++) await new Promise((r) => setTimeout(r, 10));
    parent.stdin.write('sal\n');
    for (let i = 0; i < 500 && stateOf(zombie) !== 'Z'; i++) await new Promise((r) => setTimeout(r, 10));

    expect(stateOf(zombie)).toBe('Z');

    expect(alive(zombie)).toBe(true);
    expect(ended(zombie)).toBe(true);
    expect(ended(parent.pid!)).toBe(false);
    expect(ended(process.pid)).toBe(false);
  });
});
