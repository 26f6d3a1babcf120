import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../server/lib/logger.ts';
import { createSyncRunner } from '../../server/sync/runner.ts';

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
  return { events, finish, runner, change, settle };
}

describe('sync runner: a world\'s change and the runs under way', () => {
  it('when another world\'s run is under way, then a world\'s change starts at once, and a run asked for meanwhile waits for it', async () => {
    const { events, finish, runner, settle } = blockingRunner();
    void runner.runDue('x');
    await settle();
    let release!: () => void;

    const y = runner.exclusive(async () => {
      events.push('change y');
      await new Promise<void>((resolve) => (release = resolve));
      events.push('changed y');
    }, 'y');
    await settle();
    const z = runner.runDue('z');
    finish.shift()!();
    await settle();
    events.push('x done, y still changing');
    release();
    await y;
    await settle();
    finish.shift()!();
    await z;

    expect(events).toEqual(['run x', 'change y', 'ran x', 'x done, y still changing', 'changed y', 'run z', 'ran z']);
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
