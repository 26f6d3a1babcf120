import { describe, expect, it } from 'vitest';
import { MADE_IN_ONE_GO, makeInTurns } from '../../server/lib/in-turns.ts';

describe('makeInTurns: items made in order, the event loop given a turn between groups', () => {
  it('when n items are made, then they come in order, and what was queued meanwhile runs after each group of MADE_IN_ONE_GO', async () => {
    const made: number[] = [];
    const madeWhenOthersRan: number[] = [];
    const other = () => {
      madeWhenOthersRan.push(made.length);
      if (made.length < 60) setImmediate(other);
    };
    setImmediate(other);

    const result = await makeInTurns(60, (i) => (made.push(i), i * 2));

    expect(result).toEqual(made.map((i) => i * 2));
    expect(made).toEqual([...Array(60).keys()]);
    expect([...new Set(madeWhenOthersRan)]).toEqual([MADE_IN_ONE_GO, 2 * MADE_IN_ONE_GO]);
  });

  it('when the check between two groups throws (serve stopping), then nothing more is made and the error goes on', async () => {
    const made: number[] = [];
    const stopped = new Error('stop');

    await expect(makeInTurns(100, (i) => made.push(i), () => {
      throw stopped;
    })).rejects.toBe(stopped);
    expect(made).toHaveLength(MADE_IN_ONE_GO);
  });

  it('when each go is wrapped (one transaction, say), then every item is made inside its go\'s wrapper, one wrapper per go', async () => {
    const goOf: number[] = [];
    let go = -1;
    let inside = false;

    await makeInTurns(2 * MADE_IN_ONE_GO + 1, () => (expect(inside).toBe(true), goOf.push(go)), () => undefined, (run) => {
      go += 1;
      inside = true;
      run();
      inside = false;
    });

    expect(go).toBe(2);
    expect(goOf).toEqual([...Array(2 * MADE_IN_ONE_GO + 1).keys()].map((i) => Math.floor(i / MADE_IN_ONE_GO)));
  });

  it('when there are at most MADE_IN_ONE_GO items, then the check never runs', async () => {
    let checks = 0;
    await makeInTurns(MADE_IN_ONE_GO, () => undefined, () => void checks++);
    expect(checks).toBe(0);
  });
});
