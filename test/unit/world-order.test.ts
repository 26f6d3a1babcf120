import { describe, expect, it } from 'vitest';
import { createWorldOrder, type Worlds } from '../../server/sync/world-order.ts';

/** A world order whose works each run until the test ends them, telling their start in `events`. */
function heldWorks() {
  const order = createWorldOrder();
  const events: string[] = [];
  const ends = new Map<string, () => void>();
  const work = (label: string, worlds: Worlds) => order.run(worlds, () => new Promise<string>((resolve) => {
    events.push(label);
    ends.set(label, () => resolve(label));
  }));
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const end = async (label: string) => (ends.get(label)!(), await settle());
  return { order, events, work, settle, end };
}

describe('world order: work on worlds, in turn by world', () => {
  it('when two worlds\' work is asked for, then both start at once; a second work of one world waits for the first alone', async () => {
    const { events, work, settle, end } = heldWorks();
    const [a1, b, a2] = [work('a1', 'a'), work('b', 'b'), work('a2', 'a')];
    await settle();
    events.push('a1 and b under way');
    await end('a1');
    await end('a2');
    await end('b');

    expect(await Promise.all([a1, b, a2])).toEqual(['a1', 'b', 'a2']);
    expect(events).toEqual(['a1', 'b', 'a1 and b under way', 'a2']);
  });

  it('when a work of several worlds is asked for, then it waits for the work of those worlds alone, and later work of any of them waits for it', async () => {
    const { events, work, settle, end } = heldWorks();
    void work('a', 'a');
    void work('c', 'c');
    void work('ab', ['a', 'b']);
    void work('b', 'b');
    void work('c2', 'c');
    await settle();
    events.push('a and c under way');
    await end('a');
    await end('ab');
    await end('b');

    // c2 waits for c, never ended here.
    expect(events).toEqual(['a', 'c', 'a and c under way', 'ab', 'b']);
  });

  it('when a work of every world is asked for, then it waits for all the work before it, and all the work after it waits for it', async () => {
    const { events, work, settle, end } = heldWorks();
    void work('a', 'a');
    void work('b', 'b');
    void work('all', null);
    void work('c', 'c');
    await settle();
    events.push('a and b under way');
    await end('a');
    events.push('a ended');
    await end('b');
    events.push('b ended');
    await end('all');
    await end('c');

    expect(events).toEqual(['a', 'b', 'a and b under way', 'a ended', 'all', 'b ended', 'c']);
  });

  it('when a work fails, then the work after it on that world starts, and the failure is its caller\'s alone', async () => {
    const order = createWorldOrder();
    const failed = order.run('a', async () => {
      throw new Error('platform down');
    });
    const next = order.run('a', async () => 'next');

    await expect(failed).rejects.toThrow('platform down');
    expect(await next).toBe('next');
  });

  it('when work is under way, then idle resolves once all of it has ended, not before', async () => {
    const { order, events, work, settle, end } = heldWorks();
    void work('a', 'a');
    void work('all', null);
    const idle = order.idle().then(() => void events.push('idle'));
    await settle();
    await end('a');
    events.push('a ended');
    await end('all');
    await idle;

    expect(events).toEqual(['a', 'all', 'a ended', 'idle']);
  });

  it('when a world\'s work ends after a stamp, then that world changed since it, and no other; a work of every world changes them all', async () => {
    const { order, work, settle, end } = heldWorks();
    const stamp = order.stamp();
    void work('a', 'a');
    await settle();
    const whileUnderWay = order.changedSince('a', stamp);
    await end('a');
    const afterA = [order.changedSince('a', stamp), order.changedSince('b', stamp)];
    const later = order.stamp();
    void work('all', null);
    await settle();
    await end('all');

    expect(whileUnderWay).toBe(false);
    expect(afterA).toEqual([true, false]);
    expect([order.changedSince('b', later), order.changedSince('never', later)]).toEqual([true, true]);
  });

  it('when a work is asked for in the world\'s turn after a stamp, then its own run does not count as a change', async () => {
    const order = createWorldOrder();
    const stamp = order.stamp();
    const seen = await order.run('a', async () => order.changedSince('a', stamp));

    expect(seen).toBe(false);
  });

  it('when more worlds have ended work than are kept, then a world whose end was forgotten counts as changed since any earlier stamp', async () => {
    const order = createWorldOrder();
    await order.run('first', async () => undefined);
    const stamp = order.stamp();
    await Promise.all(Array.from({ length: 10_001 }, (_, i) => order.run(`w${i}`, async () => undefined)));
    await new Promise<void>((resolve) => setImmediate(resolve));

    expect(order.changedSince('first', stamp)).toBe(true);
    expect(order.changedSince('first', order.stamp())).toBe(false);
  });


  it('when a world\'s work is under way or waiting, then the world is busy until the last of it ends, and no other world is', async () => {
    const { order, work, settle, end } = heldWorks();
    void work('a1', 'a');
    void work('a2', 'a');
    await settle();
    const during = [order.busy('a'), order.busy('b')];
    await end('a1');
    const between = order.busy('a');
    await end('a2');

    expect(during).toEqual([true, false]);
    expect(between).toBe(true);
    expect(order.busy('a')).toBe(false);
  });

});
