import { describe, expect, it } from 'vitest';
import { atMost } from '../../server/lib/at-most.ts';

describe('atMost: work run at most n at a time, in the order it came', () => {
  /** A work that runs until released, noting when it starts and ends. */
  function controlled(log: string[], name: string) {
    let release!: () => void;
    let fail!: (err: Error) => void;
    const ended = new Promise<void>((resolve, reject) => ((release = resolve), (fail = reject)));
    const work = async () => {
      log.push(`start ${name}`);
      try {
        await ended;
      } finally {
        log.push(`end ${name}`);
      }
      return name;
    };
    return { work, release: () => release(), fail: (err: Error) => fail(err) };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('when four works come to a limit of two, then two run, and each end lets the next waiting one start, in order', async () => {
    const log: string[] = [];
    const limited = atMost(2);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => controlled(log, name));

    const results = [a, b, c, d].map((w) => limited(w.work));
    results[0].catch(() => undefined); // awaited below, once it has failed
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    b.release();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    a.fail(new Error('a failed'));
    await settle();
    c.release();
    d.release();

    await expect(results[0]).rejects.toThrow('a failed');
    expect(await Promise.all(results.slice(1))).toEqual(['b', 'c', 'd']);
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c', 'end a', 'start d', 'end c', 'end d']);
  });

  it('when it is opened, then what waits starts at once, and so does what comes later', async () => {
    const log: string[] = [];
    const limited = atMost(1);
    const [h, i, j] = ['h', 'i', 'j'].map((name) => controlled(log, name));
    const results = [h, i].map((w) => limited(w.work));
    await settle();
    expect(log).toEqual(['start h']);

    limited.open();
    results.push(limited(j.work));
    await settle();

    expect(log).toEqual(['start h', 'start i', 'start j']);
    [h, i, j].forEach((w) => w.release());
    expect(await Promise.all(results)).toEqual(['h', 'i', 'j']);
  });

  it('when everything has ended, then the next works start at once again, up to the limit', async () => {
    const log: string[] = [];
    const limited = atMost(2);
    await limited(async () => 'first');
    const [e, f, g] = ['e', 'f', 'g'].map((name) => controlled(log, name));

    const results = [e, f, g].map((w) => limited(w.work));
    await settle();

    expect(log).toEqual(['start e', 'start f']);
    [e, f, g].forEach((w) => w.release());
    await Promise.all(results);
  });
});
