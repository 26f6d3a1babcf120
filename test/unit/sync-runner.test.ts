import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/lib/logger.ts';
import { createSyncRunner, WORLDS_ONE_BY_ONE } from '../../server/sync/runner.ts';

/** A sync runner whose one task records each run and finishes when the test says so. */
function blockingRunner() {
  const events: string[] = [];
  const finish: (() => void)[] = [];
  const runner = createSyncRunner(silentLogger, [{
    name: 'blocking',
    run: (tenantId) => new Promise<void>((resolve) => {
      events.push(`run ${tenantId ?? 'all'}`);
      finish.push(() => (events.push(`ran ${tenantId ?? 'all'}`), resolve()));
    }),
  }]);
  const change = (label: string) => async () => void events.push(label);
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  /** Ends a held change, then lets the run queued behind it finish. */
  const endChangeThenRun = async (change: { done: Promise<void>; release: () => void }, run: Promise<unknown>) => {
    change.release();
    await change.done;
    await settle();
    finish.shift()!();
    await run;
  };
  return { events, finish, runner, change, settle, endChangeThenRun };
}

/** A change of `world` that runs until the test releases it, telling its start and end in `events`. */
function heldChange(runner: ReturnType<typeof createSyncRunner>, events: string[], world: string) {
  let release!: () => void;
  const done = runner.exclusive(async () => {
    events.push(`change ${world}`);
    await new Promise<void>((resolve) => (release = resolve));
    events.push(`changed ${world}`);
  }, world);
  return { done, release: () => release() };
}

describe('sync runner: a world\'s change and the runs under way', () => {
  it('when another world\'s run is under way, then a world\'s change and a third world\'s run start at once, and a run of the changed world asked for meanwhile waits for the change', async () => {
    const { events, finish, runner, settle } = blockingRunner();
    const x = runner.runDue('x');
    await settle();
    const y = heldChange(runner, events, 'y');
    await settle();
    const z = runner.runDue('z');
    const yRun = runner.runDue('y');
    await settle();
    events.push('x and z running, y changing');
    finish.shift()!();
    finish.shift()!();
    await Promise.all([x, z]);
    y.release();
    await y.done;
    await settle();
    finish.shift()!();
    await yRun;

    expect(events).toEqual(['run x', 'change y', 'run z', 'x and z running, y changing', 'ran x', 'ran z', 'changed y', 'run y', 'ran y']);
  });

  it('when one world\'s change fails at once while another\'s runs, then that world\'s run asked for next starts at once, and the other\'s waits for its change', async () => {
    const { events, finish, runner, settle } = blockingRunner();
    const x = heldChange(runner, events, 'x');
    const y = runner.exclusive(async () => {
      throw new Error('platform down');
    }, 'y');
    await expect(y).rejects.toThrow('platform down');

    const yRun = runner.runDue('y');
    const xRun = runner.runDue('x');
    await settle();
    events.push('y failed, x still changing');
    finish.shift()!();
    await yRun;
    x.release();
    await x.done;
    await settle();
    finish.shift()!();
    await xRun;

    expect(events).toEqual(['change x', 'run y', 'y failed, x still changing', 'ran y', 'changed x', 'run x', 'ran x']);
  });

  it('when a change of every world (a reset) is under way, then a world\'s run asked for meanwhile waits for it', async () => {
    const { events, finish, runner, settle } = blockingRunner();
    let release!: () => void;
    const reset = runner.exclusive(async () => {
      events.push('reset');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('reset done');
    });
    await settle();
    const run = runner.runDue('x');
    await settle();
    release();
    await reset;
    await settle();
    finish.shift()!();
    await run;

    expect(events).toEqual(['reset', 'reset done', 'run x', 'ran x']);
  });

  it.each([
    ['that world\'s run', 'x', 'x'],
    ['every world\'s run', undefined, 'x'],
    ['a run under way, for a change of no world', 'y', undefined],
  ])('when %s is under way, then the change waits for it', async (_case, runFor, changeFor) => {
    const { events, finish, runner, change, settle } = blockingRunner();
    void runner.runDue(runFor);
    await settle();

    const done = runner.exclusive(change('change'), changeFor);
    await settle();
    finish.shift()!();
    await done;

    expect(events).toEqual([`run ${runFor ?? 'all'}`, `ran ${runFor ?? 'all'}`, 'change']);
  });
});

/**
 * The background run (every second) with the companion's change sequence: the tasks that read
 * platform records visit the worlds written since the last run, the others run as always.
 */
describe('sync runner: the background run visits the worlds whose platform records changed', () => {
  function changesRunner() {
    const visits: string[] = [];
    const failing = new Set<string>();
    // A fleet named alone changed at the answer's number; `{ id, seq }` at a number of its own.
    type Answer = { seq: number; fleets: (string | { id: string; seq: number })[] };
    const answers: (Answer | Error)[] = [];
    const asked: number[] = [];
    // Real time, moved a minute a run: past the longest retry delay, so a failed world is due at the next run.
    const clock = { ms: 0, stepMs: 60_000 };
    const runner = createSyncRunner(silentLogger, [
      { name: 'records', changedWorldsOnly: true, run: async (tenantId) => {
        visits.push(`records ${tenantId ?? 'all'}`);
        if (failing.has(tenantId ?? 'all')) throw new Error('platform down');
      } },
      { name: 'own', run: async (tenantId) => void visits.push(`own ${tenantId ?? 'all'}`) },
    ], async (since) => {
      asked.push(since);
      const answer = answers.shift() ?? { seq: 0, fleets: [] };
      if (answer instanceof Error) throw answer;
      return { seq: answer.seq, fleets: answer.fleets.map((f) => (typeof f === 'string' ? { id: f, seq: answer.seq } : f)) };
    }, () => clock.ms);
    /** One background run answered `answer`; the visits it made. */
    const run = async (answer: Answer | Error) => {
      answers.push(answer);
      visits.length = 0;
      clock.ms += clock.stepMs;
      await runner.runBackground();
      return [...visits];
    };
    return { runner, run, failing, asked, clock };
  }

  it('when the first run has no number yet, then every world ever written is visited (asked from 0); after it only the worlds written since, and none when none was', async () => {
    const { run, asked } = changesRunner();

    expect(await run({ seq: 7, fleets: ['a', 'b'] })).toEqual(['records a', 'records b', 'own all']);
    expect(await run({ seq: 9, fleets: ['b', 'c'] })).toEqual(['records b', 'records c', 'own all']);
    expect(await run({ seq: 9, fleets: [] })).toEqual(['own all']);
    expect(asked).toEqual([0, 7, 9]);
  });

  it('when a world\'s visit fails (its platform down), then the next run visits it again, changed or not, until a visit succeeds', async () => {
    const { run, failing } = changesRunner();
    await run({ seq: 1, fleets: [] });
    failing.add('a');

    expect(await run({ seq: 2, fleets: ['a', 'b'] })).toEqual(['records a', 'records b', 'own all']);
    expect(await run({ seq: 2, fleets: [] })).toEqual(['records a', 'own all']);
    failing.clear();
    expect(await run({ seq: 2, fleets: [] })).toEqual(['records a', 'own all']);
    expect(await run({ seq: 2, fleets: [] })).toEqual(['own all']);
  });

  /**
   * A background run that reads the changed worlds in `order`, held on `slow` until released; w's own
   * run (`runDue('w')`) fails once meanwhile. Then another background run, real time not moved: it
   * visits w only if no retry delay is left. The visits made, in order.
   */
  async function ownFailureBeside(order: string[]): Promise<string[]> {
    const visits: string[] = [];
    let releaseSlow!: () => void;
    let asked = 0;
    let ownFailed = false;
    const runner = createSyncRunner(silentLogger, [{
      name: 'records',
      changedWorldsOnly: true,
      run: async (tenantId, background) => {
        visits.push(`${background ? 'background' : 'own'} ${tenantId}`);
        if (!background && tenantId === 'w' && !ownFailed) {
          ownFailed = true;
          throw new Error('platform down');
        }
        if (background && tenantId === 'slow' && asked === 1) await new Promise<void>((resolve) => (releaseSlow = resolve));
      },
    }], async () => (++asked === 1 ? { seq: 1, fleets: order.map((id) => ({ id, seq: 1 })) } : { seq: 1, fleets: [] }), () => 1_000_000);
    const first = runner.runBackground();
    await new Promise<void>((resolve) => setImmediate(resolve));
    await runner.runDue('w');
    releaseSlow();
    await first;
    await runner.runBackground();
    return visits;
  }

  it('when a world\'s own run fails beside a background run that read it before, then the background run\'s end keeps the failure\'s delay: the next run waits for it', async () => {
    expect(await ownFailureBeside(['w', 'slow'])).toEqual(['background w', 'background slow', 'own w']);
  });

  it('when a world\'s own run fails and a background run begun before it then reads the world whole, then the failure\'s delay is gone: the next run visits it at once', async () => {
    // Still to visit again after the failure: only a delay gone lets the last run visit w.
    expect(await ownFailureBeside(['slow', 'w'])).toEqual(['background slow', 'own w', 'background w', 'background w']);
  });

  it('when a world\'s visits keep failing, then background runs visit it again after 1, 2, 4… s of real time (up to 30 s), not at every run; once one succeeds, at the next change only', async () => {
    const { run, failing, clock } = changesRunner();
    await run({ seq: 1, fleets: [] });
    failing.add('a');
    clock.stepMs = 500;

    const visitsOfA = async (runs: number) => {
      let seen = 0;
      for (let i = 0; i < runs; i++) if ((await run({ seq: 2, fleets: [] })).includes('records a')) seen++;
      return seen;
    };
    expect(await run({ seq: 2, fleets: ['a'] })).toEqual(['records a', 'own all']); // fails: again in 1 s
    expect(await visitsOfA(2)).toBe(1); // at +0.5 s not yet, at +1 s again (fails: 2 s)
    expect(await visitsOfA(4)).toBe(1); // at +2 s (fails: 4 s)
    expect(await visitsOfA(8)).toBe(1); // at +4 s
    failing.clear();
    expect(await visitsOfA(16)).toBe(1); // at +8 s, and it succeeds
    expect(await visitsOfA(4)).toBe(0);
    expect(await run({ seq: 3, fleets: ['a'] })).toEqual(['records a', 'own all']);
  });

  it('when the runner is stopped while a run is under way, then the runs queued behind it are skipped and none starts after', async () => {
    const { events, finish, runner, settle } = blockingRunner();
    const first = runner.runDue('a');
    await settle();
    const queued = runner.runDue('a');

    runner.stop();
    finish.shift()!();
    await first;
    await queued;
    await runner.runBackground();

    expect(events).toEqual(['run a', 'ran a']);
  });

  it('when background runs are asked for while one runs long, then one waits at most, and a world\'s due run asked after them waits for the read under way alone, not for the one waiting', async () => {
    const { events, finish, runner, settle } = blockingRunner();
    const first = runner.runBackground();
    await settle();
    const asked = Array.from({ length: 5 }, () => runner.runBackground());
    const due = runner.runDue('b');
    finish.shift()!();
    await first;
    await settle();
    events.push('first background run over');
    // Whatever started then is ended, in the order it started: the world's run, then the background run.
    while (finish.length > 0) {
      finish.shift()!();
      await settle();
    }
    await Promise.all([...asked, due]);

    expect(new Set(asked).size).toBe(1);
    expect(events).toEqual(['run all', 'ran all', 'run b', 'first background run over', 'ran b', 'run all', 'ran all']);
  });

  it.each([
    ['the companion cannot say what changed', new Error('companion down')],
    ['the sequence went back (its records were replaced)', { seq: 3, fleets: [] }],
  ])('when %s, then every world is visited', async (_case, answer) => {
    const { run } = changesRunner();
    await run({ seq: 5, fleets: [] });

    expect(await run(answer)).toEqual(['records all', 'own all']);
  });

  it('when every world was replaced (forgetChanges), then the next run visits all of them, and the one after only the changed', async () => {
    const { runner, run, asked } = changesRunner();
    await run({ seq: 5, fleets: [] });

    runner.forgetChanges();

    expect(await run({ seq: 6, fleets: ['a'] })).toEqual(['records all', 'own all']);
    expect(await run({ seq: 6, fleets: [] })).toEqual(['own all']);
    expect(asked).toEqual([0, 0, 6]);
  });

  it('when the first run comes after worlds were built or restored, then it leaves alone those stored up to the number it names them at, and visits once built one still being built that stored less', async () => {
    const { runner, run } = changesRunner();
    runner.building('hecho')(5);
    runner.markStored('restaurado', 6);
    const built = runner.building('en obra');
    const short = runner.building('a medias');

    expect(await run({ seq: 9, fleets: [{ id: 'hecho', seq: 5 }, { id: 'restaurado', seq: 6 }, { id: 'en obra', seq: 8 }, { id: 'a medias', seq: 8 }, 'viejo'] }))
      .toEqual(['records viejo', 'own all']);
    built(8);
    short(7);
    expect(await run({ seq: 9, fleets: [] })).toEqual(['records a medias', 'own all']);
    expect(await run({ seq: 10, fleets: [{ id: 'hecho', seq: 10 }] })).toEqual(['records hecho', 'own all']);
  });

  it('when a run of every world fails a records task, then the next run visits each world ever written on its own, and the one after only those that failed again', async () => {
    const { runner, run, failing } = changesRunner();
    runner.forgetChanges();
    failing.add('all');
    failing.add('b');

    expect(await run({ seq: 1, fleets: ['a', 'b'] })).toEqual(['records all', 'own all']);
    expect(await run({ seq: 1, fleets: [] })).toEqual(['records a', 'records b', 'own all']);
    expect(await run({ seq: 1, fleets: [] })).toEqual(['records b', 'own all']);
    failing.clear();
    expect(await run({ seq: 1, fleets: [] })).toEqual(['records b', 'own all']);
    expect(await run({ seq: 1, fleets: [] })).toEqual(['own all']);
  });

  it(`when more than ${WORLDS_ONE_BY_ONE} worlds changed at once, then one pass reads every world, and if it fails each of them is visited on its own next time`, async () => {
    const { run, failing } = changesRunner();
    await run({ seq: 1, fleets: [] });
    const many = Array.from({ length: WORLDS_ONE_BY_ONE + 1 }, (_, i) => `w${i}`);
    const justEnough = many.slice(0, WORLDS_ONE_BY_ONE);

    expect(await run({ seq: 2, fleets: justEnough })).toEqual([...justEnough.map((id) => `records ${id}`), 'own all']);
    expect(await run({ seq: 3, fleets: many })).toEqual(['records all', 'own all']);
    failing.add('all');
    expect(await run({ seq: 4, fleets: many })).toEqual(['records all', 'own all']);
    failing.clear();
    expect(await run({ seq: 4, fleets: [] })).toEqual(['records all', 'own all']);
    expect(await run({ seq: 4, fleets: [] })).toEqual(['own all']);
  });

  it('when the companion cannot say what changed, then every run visits every world until it can, and then the worlds written since the last number read', async () => {
    const { run, asked } = changesRunner();
    await run({ seq: 5, fleets: [] });

    expect(await run(new Error('caído'))).toEqual(['records all', 'own all']);
    expect(await run(new Error('caído'))).toEqual(['records all', 'own all']);
    expect(await run({ seq: 7, fleets: ['a'] })).toEqual(['records a', 'own all']);
    expect(await run({ seq: 7, fleets: [] })).toEqual(['own all']);
    expect(asked).toEqual([0, 5, 5, 5, 7]);
  });

  it('when a world is being built, then background runs leave it alone, and once built with its records stored up to a number, only its later changes are visited', async () => {
    const { runner, run } = changesRunner();
    await run({ seq: 1, fleets: [] });
    const built = runner.building('nuevo');

    expect(await run({ seq: 5, fleets: [{ id: 'nuevo', seq: 5 }, 'otro'] })).toEqual(['records otro', 'own all']);
    built(6);
    expect(await run({ seq: 6, fleets: [{ id: 'nuevo', seq: 6 }] })).toEqual(['own all']);
    expect(await run({ seq: 7, fleets: [{ id: 'nuevo', seq: 7 }] })).toEqual(['records nuevo', 'own all']);
  });

  it('when a build ends stored only up to an earlier number, or with nothing known (null), then the changes it was named at meanwhile are visited', async () => {
    const { runner, run } = changesRunner();
    await run({ seq: 1, fleets: [] });
    const first = runner.building('a');
    const second = runner.building('b');
    expect(await run({ seq: 5, fleets: [{ id: 'a', seq: 4 }, { id: 'b', seq: 5 }] })).toEqual(['own all']);
    first(3);
    second(null);

    expect(await run({ seq: 5, fleets: [] })).toEqual(['records a', 'records b', 'own all']);
    expect(await run({ seq: 5, fleets: [] })).toEqual(['own all']);
  });

  it('when every world was replaced after a build, then what the build stored counts no more: its world is visited as any other', async () => {
    const { runner, run } = changesRunner();
    await run({ seq: 1, fleets: [] });
    runner.building('nuevo')(4);
    runner.forgetChanges();
    await run({ seq: 4, fleets: [] });

    expect(await run({ seq: 5, fleets: [{ id: 'nuevo', seq: 3 }] })).toEqual(['records nuevo', 'own all']);
  });

  it('when a world\'s changes up to a number were all read by background runs that did not fail on it, or marked stored, then they count as stored', async () => {
    const { runner, run, failing } = changesRunner();
    expect(runner.storedThrough('a', 0)).toBe(false);
    await run({ seq: 3, fleets: ['a'] });
    failing.add('b');
    await run({ seq: 5, fleets: [{ id: 'a', seq: 4 }, 'b'] });

    expect([runner.storedThrough('a', 5), runner.storedThrough('a', 6), runner.storedThrough('b', 5)]).toEqual([true, false, false]);
    runner.markStored('b', 7);
    expect([runner.storedThrough('b', 7), runner.storedThrough('b', 8)]).toEqual([true, false]);
    expect(await run({ seq: 7, fleets: [{ id: 'b', seq: 7 }] })).toEqual(['records b', 'own all']);
  });

  it('when a world is marked stored up to a number, then a background run skips its changes up to it and reads the later ones', async () => {
    const { runner, run } = changesRunner();
    await run({ seq: 1, fleets: [] });
    runner.markStored('a', 4);

    expect(await run({ seq: 4, fleets: [{ id: 'a', seq: 4 }] })).toEqual(['own all']);
    expect(await run({ seq: 6, fleets: [{ id: 'a', seq: 6 }] })).toEqual(['records a', 'own all']);
  });

  it('when the change numbers go back (the companion\'s records replaced), then no world counts as stored by a number of the old sequence', async () => {
    const { runner, run } = changesRunner();
    await run({ seq: 1, fleets: [] });
    await run({ seq: 600, fleets: [] });
    runner.markStored('a', 500);
    const done = runner.building('b');
    await run({ seq: 600, fleets: [{ id: 'b', seq: 600 }] });
    done(600);
    expect([runner.storedThrough('a', 500), runner.storedThrough('b', 600)]).toEqual([true, true]);

    // Gone back to 100: the run reads every world, from 0.
    expect(await run({ seq: 100, fleets: [] })).toEqual(['records all', 'own all']);

    expect([runner.storedThrough('a', 120), runner.storedThrough('b', 120)]).toEqual([false, false]);
    expect(await run({ seq: 120, fleets: [{ id: 'a', seq: 120 }, { id: 'b', seq: 110 }] })).toEqual(['records a', 'records b', 'own all']);
  });

  it.each([
    ['a pass over every world (runDue)', async (runner: ReturnType<typeof createSyncRunner>) => void (await runner.runDue())],
    ['a run of that world (its clock advanced)', async (runner: ReturnType<typeof createSyncRunner>) => void (await runner.runDue('nuevo'))],
  ])('when %s reads a world under construction, then it is read again once built, whatever the build marks stored', async (_case, pass) => {
    const { runner, run } = changesRunner();
    await run({ seq: 1, fleets: [] });
    const built = runner.building('nuevo');
    await pass(runner);
    built(9);

    expect(await run({ seq: 9, fleets: [] })).toEqual(['records nuevo', 'own all']);
    expect(await run({ seq: 9, fleets: [] })).toEqual(['own all']);
  });

  it('when an explicit run of every world (runDue) comes between two background runs, then it visits every world and leaves the background\'s number as it was', async () => {
    const { runner, run, asked } = changesRunner();
    await run({ seq: 4, fleets: [] });
    await runner.runDue();

    expect(await run({ seq: 4, fleets: [] })).toEqual(['own all']);
    expect(asked).toEqual([0, 4]);
  });
});

/**
 * A world's change (a restore, a save, a deletion) beside a background run: it waits only while the
 * run reads that world or every world, and the run reads a world only once its changes have ended.
 */
describe('sync runner: a world\'s change beside a background run', () => {
  function backgroundRunner(changed: string[]) {
    const events: string[] = [];
    const finish = new Map<string, () => void>();
    const blocking = (label: string) => (tenantId?: string) => new Promise<void>((resolve) => {
      const name = `${label} ${tenantId ?? 'all'}`;
      events.push(`read ${name}`);
      finish.set(name, () => (events.push(`read ${name} done`), resolve()));
    });
    const runner = createSyncRunner(silentLogger, [
      { name: 'records', changedWorldsOnly: true, run: blocking('records') },
      { name: 'own', run: blocking('own') },
      { name: 'held', changedWorldsOnly: true, run: blocking('held') },
    ], async () => ({ seq: 5, fleets: changed.map((id) => ({ id, seq: 5 })) }));
    const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
    const end = async (name: string) => {
      finish.get(name)!();
      finish.delete(name);
      await settle();
    };
    const change = (world: string) => {
      const held = heldChange(runner, events, world);
      return { release: async () => (held.release(), await held.done, await settle()) };
    };
    /** A background run started, then a change of `world` asked for while the run reads its first world. */
    const runThenChange = async (world: string) => {
      const run = runner.runBackground();
      await settle();
      const changing = change(world);
      await settle();
      return { run, changing };
    };
    /** Ends the reads named, in order. */
    const endReads = async (...names: string[]) => {
      for (const name of names) await end(name);
    };
    return { events, runner, settle, end, endReads, change, runThenChange };
  }

  it('when the run reads another world, then the change starts at once, and the run reads the changed world once the change has ended', async () => {
    const { events, end, endReads, runThenChange } = backgroundRunner(['slow', 'r']);
    const { run, changing } = await runThenChange('r');
    await end('records slow');
    events.push('slow read, r still changing');
    await changing.release();
    await endReads('records r', 'own all', 'held slow', 'held r');
    await run;

    expect(events).toEqual(['read records slow', 'change r', 'read records slow done', 'slow read, r still changing', 'changed r',
      'read records r', 'read records r done', 'read own all', 'read own all done', 'read held slow', 'read held slow done', 'read held r', 'read held r done']);
  });

  it('when the run reads every world (a task of all worlds), then the change waits for that read to end, not for the slow world read after it', async () => {
    const { events, runner, settle, end, endReads, change } = backgroundRunner(['slow']);
    const run = runner.runBackground();
    await settle();
    await end('records slow');
    const changing = change('r');
    await settle();
    events.push('every world being read');
    await end('own all');
    events.push('slow world being read');
    await changing.release();
    await endReads('held slow');
    await run;

    const at = (event: string) => events.indexOf(event);
    expect(events.slice(0, 5)).toEqual(['read records slow', 'read records slow done', 'read own all', 'every world being read', 'read own all done']);
    // Once the read of every world is over, the change and the slow world's read go side by side.
    expect(events.slice(5, 7).sort()).toEqual(['change r', 'read held slow']);
    expect(events.slice(7)).toEqual(['slow world being read', 'changed r', 'read held slow done']);
    expect(at('change r')).toBeGreaterThan(at('read own all done'));
  });

  it('when the run reads that world, then the change waits for that read to end; the run reads it again only once the change has ended', async () => {
    const { events, end, endReads, runThenChange } = backgroundRunner(['r', 'other']);
    const { run, changing } = await runThenChange('r');
    events.push('r being read');
    await end('records r');
    await end('records other');
    events.push('every world next, r still changing');
    await changing.release();
    await endReads('own all', 'held r', 'held other');
    await run;

    const at = (event: string) => events.indexOf(event);
    expect(events.slice(0, 3)).toEqual(['read records r', 'r being read', 'read records r done']);
    expect(at('change r')).toBeGreaterThan(at('read records r done'));
    expect(at('change r')).toBeLessThan(at('every world next, r still changing'));
    expect(events.slice(at('changed r'), at('changed r') + 2)).toEqual(['changed r', 'read own all']);
  });

  it('when a world to be read again (readAgain) is being read by the run under way, then its changes do not count as stored until the run has ended', async () => {
    const { runner, settle, endReads } = backgroundRunner([]);
    const first = runner.runBackground();
    await settle();
    await endReads('own all');
    await first;
    runner.readAgain('w');

    const run = runner.runBackground();
    await settle();
    const whileRead = runner.storedThrough('w', 5);
    await endReads('records w', 'own all', 'held w');
    await run;

    expect([whileRead, runner.storedThrough('w', 5)]).toEqual([false, true]);
  });

  it('when a changed world is not read yet by the run under way, then its changes do not count as stored until the run has read it', async () => {
    const { runner, settle, endReads } = backgroundRunner(['slow', 'r']);
    const run = runner.runBackground();
    await settle();
    const beforeRead = runner.storedThrough('r', 5);
    await endReads('records slow', 'records r', 'own all', 'held slow', 'held r');
    await run;

    expect([beforeRead, runner.storedThrough('r', 5)]).toEqual([false, true]);
  });
});

describe('sync runner: a task that tells each world it reads', () => {
  it('when it reads a slow world and another side by side, then a third world\'s change goes at once, and a change of the other waits for that world\'s read alone', async () => {
    const events: string[] = [];
    const finish = new Map<string, () => void>();
    const worldRead = (world: string) => new Promise<void>((resolve) => {
      events.push(`read ${world}`);
      finish.set(world, () => (events.push(`read ${world} done`), resolve()));
    });
    const runner = createSyncRunner(silentLogger, [{
      name: 'rides',
      readsWorldByWorld: true,
      run: async (_tenantId, _background, reading) => {
        await Promise.all(['slow', 'r'].map((world) => reading!(world, () => worldRead(world))));
      },
    }], async () => ({ seq: 1, fleets: [] }));
    const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
    const run = runner.runBackground();
    await settle();

    const third = runner.exclusive(async () => void events.push('change third'), 'third');
    const other = runner.exclusive(async () => void events.push('change r'), 'r');
    await third;
    await settle();
    events.push('third changed, r still read');
    finish.get('r')!();
    await other;
    events.push('r changed, slow still read');
    finish.get('slow')!();
    await run;

    expect(events).toEqual(['read slow', 'read r', 'change third', 'third changed, r still read', 'read r done', 'change r', 'r changed, slow still read', 'read slow done']);
  });

  it('when a run of every world asked for (a sync, a service-wide advance) reads a slow world, then another world\'s run and change go at once, and the slow world\'s run waits for its read', async () => {
    const events: string[] = [];
    const finish = new Map<string, () => void>();
    const runner = createSyncRunner(silentLogger, [{
      name: 'records',
      readsWorldByWorld: true,
      run: async (tenantId, _background, reading) => {
        if (tenantId !== undefined) return void events.push(`run ${tenantId}`);
        return reading!('slow', () => new Promise<void>((resolve) => {
          events.push('read slow');
          finish.set('slow', () => (events.push('read slow done'), resolve()));
        }));
      },
    }]);
    const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
    const every = runner.runDue();
    await settle();

    const slowRun = runner.runDue('slow');
    await runner.runDue('other');
    await runner.exclusive(async () => void events.push('change other'), 'other');
    events.push('other done, slow still read');
    finish.get('slow')!();
    await Promise.all([every, slowRun]);

    expect(events).toEqual(['read slow', 'run other', 'change other', 'other done, slow still read', 'read slow done', 'run slow']);
  });

});
