import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from '../../server/bindings/keyed-queue.ts';

/** A task that records its start and waits until the test lets it finish. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, task: async () => { log.push(`start ${name}`); await opened; log.push(`end ${name}`); } };
}

describe('the keyed queue of platform calls', () => {
  it('when two tasks share a key, then the second starts only after the first has settled, even if the first fails', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const first = queue.run(['v1'], async () => {
      log.push('first');
      await Promise.resolve();
      throw new Error('platform said no');
    });
    const second = queue.run(['v1'], async () => void log.push('second'));

    await expect(first).rejects.toThrow('platform said no');
    await second;

    expect(log).toEqual(['first', 'second']);
  });

  it('when a task holds two keys, then it waits for the earlier tasks of each, and tasks of other keys run meanwhile', async () => {
    const queue = createKeyedQueue();
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const onA = queue.run(['vehicle'], a.task);
    const onB = queue.run(['driver'], b.task);
    const both = queue.run(['vehicle', 'driver'], async () => void log.push('both'));
    const other = queue.run(['elsewhere'], async () => void log.push('other'));

    await other;
    a.open();
    await onA;
    expect(log).not.toContain('both');
    b.open();
    await Promise.all([onB, both]);

    expect(log).toEqual(['start a', 'start b', 'other', 'end a', 'end b', 'both']);
    expect(queue.size()).toBe(0);
  });
});
