import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { busyMarks } from '../../cli/lib/busy-marks.ts';
import { BUSY_LINE, IDLE_LINE } from '../../simulators/common/long-work.ts';

/** The companion's stdout as serve reads it, and a clock the test moves. */
function marks(atMostMs = 1_000) {
  const stdout = new PassThrough();
  const clock = { ms: 0 };
  const busy = busyMarks(stdout, () => clock.ms, atMostMs);
  const say = async (text: string) => {
    stdout.write(text);
    await new Promise((r) => setImmediate(r));
  };
  return { busy, clock, say };
}

describe('busyMarks: serve reads from the companion\'s stdout whether it is busy on purpose', () => {
  it('when the companion prints the busy mark, then it is busy until it prints the idle mark', async () => {
    const { busy, say } = marks();
    expect(busy()).toBe(false);

    await say(`${BUSY_LINE}\n`);
    expect(busy()).toBe(true);

    await say(`${IDLE_LINE}\n`);
    expect(busy()).toBe(false);
  });

  it('when a mark arrives cut across two reads, then it counts once whole, and not before', async () => {
    const { busy, say } = marks();

    await say(BUSY_LINE.slice(0, 10));
    expect(busy()).toBe(false);
    await say(`${BUSY_LINE.slice(10)}\nsomething else\n`);

    expect(busy()).toBe(true);
  });

  it('when two long requests overlap, then it stays busy until both have said they are idle', async () => {
    const { busy, say } = marks();

    await say(`${BUSY_LINE}\n${BUSY_LINE}\n${IDLE_LINE}\n`);
    expect(busy()).toBe(true);
    await say(`${IDLE_LINE}\n`);
    expect(busy()).toBe(false);
    await say(`${IDLE_LINE}\n${BUSY_LINE}\n`);
    expect(busy()).toBe(true);
  });

  it('when long requests overlap for longer than atMostMs, or an idle mark was lost, then a new busy mark counts again from itself', async () => {
    const { busy, clock, say } = marks(1_000);
    await say(`${BUSY_LINE}\n`);
    clock.ms = 1_500;
    expect(busy()).toBe(false);

    await say(`${BUSY_LINE}\n`);

    expect(busy()).toBe(true);
    clock.ms = 2_499;
    expect(busy()).toBe(true);
  });

  it('when a line only resembles a mark, then nothing changes', async () => {
    const { busy, say } = marks();

    await say(`${BUSY_LINE}!\n ${BUSY_LINE}\n`);

    expect(busy()).toBe(false);
  });

  it('when the companion stays busy for atMostMs, then busy ends there: a process silent longer is hung after all', async () => {
    const { busy, clock, say } = marks(1_000);
    await say(`${BUSY_LINE}\n`);

    clock.ms = 999;
    expect(busy()).toBe(true);
    clock.ms = 1_000;
    expect(busy()).toBe(false);
  });
});
