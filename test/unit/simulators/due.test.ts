import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SimClock } from '../../../server/lib/clock.ts';
import { createDueRunner, type DueTask } from '../../../simulators/common/due.ts';
import { createFleetClocks } from '../../../simulators/common/fleet-clocks.ts';
import { openSimulatorsDb, type SimDb } from '../../../simulators/db.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fleetClocks = (db: SimDb) => createFleetClocks(db, SimClock.frozenAt('2026-03-02T15:00:00.000Z'));
const runner = (db: SimDb, tasks: DueTask[]) => createDueRunner(db, fleetClocks(db).at, tasks);

/** A runner whose one task counts its runs; `write` changes the database on the same connection. */
function counted(db: SimDb = openSimulatorsDb(':memory:')) {
  const runs: number[] = [];
  const run = runner(db, [(time) => void runs.push(time.serviceMs)]);
  const write = () => db.prepare("INSERT OR REPLACE INTO counters (name, value) VALUES ('x', ?)").run(runs.length);
  return { db, run, runs, write };
}

describe('due runner', () => {
  it('when nothing was written and time stood still since the last run, then the tasks are not run again', () => {
    const { run, runs } = counted();
    run(1_000);
    run(1_000);
    run(1_000);
    expect(runs).toEqual([1_000]);
  });

  it('when time moved, even backwards, then the tasks run', () => {
    const { run, runs } = counted();
    run(1_000);
    run(1_001);
    run(1_000);
    expect(runs).toEqual([1_000, 1_001, 1_000]);
  });

  it('when a fleet clock moved since the last run, then the tasks run at the same service instant and see that fleet ahead', () => {
    const db = openSimulatorsDb(':memory:');
    const clocks = fleetClocks(db);
    const seen: [number, number, number][] = [];
    const run = createDueRunner(db, clocks.at, [(time) => void seen.push([time.of('fleet-a'), time.of('fleet-b'), time.latestMs])]);
    run(1_000);
    clocks.setOffset('fleet-a', 500);
    run(1_000);
    run(1_000);
    expect(seen).toEqual([[1_000, 1_000, 1_000], [1_500, 1_000, 1_500]]);
  });

  it('when this connection wrote since the last run, then the tasks run at the same instant', () => {
    const { run, runs, write } = counted();
    run(1_000);
    write();
    run(1_000);
    run(1_000);
    expect(runs).toEqual([1_000, 1_000]);
  });

  it('when what a task writes is all that changed, then the next run at that instant is skipped', () => {
    const db = openSimulatorsDb(':memory:');
    let runs = 0;
    const run = runner(db, [() => void (runs++, db.prepare("INSERT OR REPLACE INTO counters (name, value) VALUES ('t', 1)").run())]);
    run(5);
    run(5);
    expect(runs).toBe(1);
  });

  it('when another connection committed a write, then the tasks run at the same instant', () => {
    const dir = mkdtempSync(join(tmpdir(), 'due-'));
    dirs.push(dir);
    const { db, run, runs } = counted(openSimulatorsDb(join(dir, 'platforms.db')));
    run(1_000);
    const other = new Database(join(dir, 'platforms.db'));
    other.prepare("INSERT INTO counters (name, value) VALUES ('other', 1)").run();
    other.close();
    run(1_000);
    run(1_000);
    expect(runs).toEqual([1_000, 1_000]);
    db.close();
  });

  it("when called inside a caller's transaction, then the tasks always run (it may still roll back)", () => {
    const { db, run, runs } = counted();
    run(1_000);
    db.transaction(() => run(1_000))();
    expect(runs).toEqual([1_000, 1_000]);
  });

  it('when a run failed, then the next one at the same instant runs again', () => {
    const db = openSimulatorsDb(':memory:');
    let calls = 0;
    const run = runner(db, [() => {
      calls++;
      if (calls === 2) throw new Error('boom');
    }]);
    run(1);
    db.prepare("INSERT INTO counters (name, value) VALUES ('w', 1)").run();
    expect(() => run(1)).toThrow('boom');
    run(1);
    expect(calls).toBe(3);
  });

  describe('a write that makes nothing due (writeWithoutDue)', () => {
    it('when the last run settled this instant, then it stays settled after the write and its answer is passed on', () => {
      const { run, runs, write } = counted();
      run(1_000);
      const answer = run.writeWithoutDue(1_000, () => (write(), 'written'));
      run(1_000);
      expect(answer).toBe('written');
      expect(runs).toEqual([1_000]);
    });

    it('when something else was written since the last run, then the next run still happens', () => {
      const { run, runs, write } = counted();
      run(1_000);
      write();
      run.writeWithoutDue(1_000, write);
      run(1_000);
      expect(runs).toEqual([1_000, 1_000]);
    });

    it('when the write happens at another instant than the last run, then the next run still happens', () => {
      const { run, runs, write } = counted();
      run(1_000);
      run.writeWithoutDue(1_001, write);
      run(1_001);
      expect(runs).toEqual([1_000, 1_001]);
    });

    it('when the write fails after changing rows (rolled back), then the error is thrown and the next run happens', () => {
      const { db, run, runs, write } = counted();
      run(1_000);
      const failing = db.transaction(() => {
        write();
        throw new Error('boom');
      });
      expect(() => run.writeWithoutDue(1_000, failing)).toThrow('boom');
      run(1_000);
      expect(runs).toEqual([1_000, 1_000]);
    });
  });
});
