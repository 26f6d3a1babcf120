import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { SimClock } from '../../../server/lib/clock.ts';
import { createDueRunner, DUE_BATCH_FLEETS, type DueTask } from '../../../simulators/common/due.ts';
import { createFleetClocks } from '../../../simulators/common/fleet-clocks.ts';
import { createFleetDueStore } from '../../../simulators/common/fleet-due.ts';
import { openSimulatorsDb, type SimDb } from '../../../simulators/db.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const fleetClocks = (db: SimDb) => createFleetClocks(db, SimClock.frozenAt('2026-03-02T15:00:00.000Z'));
const runner = (db: SimDb, tasks: DueTask[]) => createDueRunner(db, fleetClocks(db).at, tasks);

/** A task that records its runs and has work again `everyMs` after each (in its fleet's time). */
const task = (runs: number[], everyMs = 1_000_000, body: () => void = () => undefined): DueTask => ({
  run: (time) => void (runs.push(time.serviceMs), body()),
  nextDueMs: (_fleet, nowMs) => nowMs + everyMs,
});

/** A runner whose one task counts its runs; `write` marks fleet-a due, as a write to its records does. */
function counted(db: SimDb = openSimulatorsDb(':memory:')) {
  const runs: number[] = [];
  const run = runner(db, [task(runs)]);
  const write = () => createFleetDueStore(db).markDue('fleet-a');
  write();
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

  it('when time moved to just before a fleet\'s next due instant, then nothing runs; at that instant, it runs', () => {
    const db = openSimulatorsDb(':memory:');
    const runs: number[] = [];
    const run = runner(db, [task(runs, 100)]);
    createFleetDueStore(db).markDue('fleet-a');
    run(1_000);
    run(1_099);
    run(1_100);
    expect(runs).toEqual([1_000, 1_100]);
  });

  it('when a fleet clock moved since the last run, then that fleet alone is visited, at the same service instant, ahead', () => {
    const db = openSimulatorsDb(':memory:');
    const clocks = fleetClocks(db);
    const due = createFleetDueStore(db);
    due.markDue('fleet-a');
    due.markDue('fleet-b');
    const seen: [readonly string[], number, number][] = [];
    const visit: DueTask = { run: (time) => void seen.push([time.fleets, time.of('fleet-a'), time.latestMs]), nextDueMs: (_f, nowMs) => nowMs + 1_000_000 };
    const run = createDueRunner(db, clocks.at, [visit]);
    run(1_000);
    clocks.setOffset('fleet-a', 500);
    run(1_000);
    run(1_000);
    expect(seen).toEqual([[['fleet-a', 'fleet-b'], 1_000, 1_000], [['fleet-a'], 1_500, 1_500]]);
  });

  it('when a catch-up is settled, then the event loop runs between its batches (a health probe is answered meanwhile)', async () => {
    const db = openSimulatorsDb(':memory:');
    const due = createFleetDueStore(db);
    for (let i = 0; i < 2 * DUE_BATCH_FLEETS; i++) due.markDue(`fleet-${String(i).padStart(3, '0')}`);
    const events: string[] = [];
    const run = runner(db, [{
      run: () => {
        if (events.length === 0) setImmediate(() => events.push('probe'));
        events.push('batch');
      },
      nextDueMs: () => null,
    }]);
    await run.settle(1_000);
    expect(events).toEqual(['batch', 'probe', 'batch']);
  });

  it('when many fleets are due, then they are visited in batches of DUE_BATCH_FLEETS, each once', () => {
    const db = openSimulatorsDb(':memory:');
    const due = createFleetDueStore(db);
    for (let i = 0; i < DUE_BATCH_FLEETS + 1; i++) due.markDue(`fleet-${String(i).padStart(3, '0')}`);
    const batches: number[] = [];
    const visited = new Set<string>();
    const run = runner(db, [{ run: (time) => void (batches.push(time.fleets.length), time.fleets.forEach((f) => visited.add(f))), nextDueMs: () => null }]);
    run(1_000);
    run(2_000);
    expect(batches).toEqual([DUE_BATCH_FLEETS, 1]);
    expect(visited.size).toBe(DUE_BATCH_FLEETS + 1);
  });

  /** A runner whose one task notes the fleets of each batch in `seen`. */
  function noting() {
    const db = openSimulatorsDb(':memory:');
    const seen: string[][] = [];
    return { due: createFleetDueStore(db), seen, run: runner(db, [{ run: (time) => void seen.push([...time.fleets]), nextDueMs: () => null }]) };
  }

  it('when a fleet is held, then runs pass it by (the others run) until its release, and the next run at that same instant visits it', () => {
    const { due, seen, run } = noting();
    due.markDue('fleet-a');
    run.hold('fleet-a');
    run(1_000);
    due.markDue('fleet-b');
    run(1_000);
    run.release('fleet-a');
    run(1_000);
    run(1_000);
    expect(seen).toEqual([['fleet-b'], ['fleet-a']]);
  });

  it('when a fleet is held twice, then it stays held until both release it, and a release more changes nothing', () => {
    const { due, seen, run } = noting();
    due.markDue('fleet-a');
    run.hold('fleet-a');
    run.hold('fleet-a');
    run.release('fleet-a');
    run(1_000);
    expect(seen).toEqual([]);
    run.release('fleet-a');
    run(1_000);
    run.release('fleet-a');
    run.hold('fleet-a');
    due.markDue('fleet-a');
    run(2_000);
    expect(seen).toEqual([['fleet-a']]);
  });

  it('when a held fleet is forgotten (deleted), then every hold on it goes at once', () => {
    const { due, seen, run } = noting();
    due.markDue('fleet-a');
    run.hold('fleet-a');
    run.hold('fleet-a');

    run.forget('fleet-a');
    run(1_000);

    expect(seen).toEqual([['fleet-a']]);
  });

  it('when the only fleet due is held, then a run takes no write lock (another connection may hold it meanwhile)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'due-'));
    dirs.push(dir);
    const db = openSimulatorsDb(join(dir, 'platforms.db'));
    db.pragma('busy_timeout = 0');
    const runs: number[] = [];
    const run = runner(db, [task(runs)]);
    createFleetDueStore(db).markDue('fleet-a');
    run.hold('fleet-a');
    const other = new Database(join(dir, 'platforms.db'));
    other.prepare('BEGIN IMMEDIATE').run();
    try {
      expect(() => run(1_000)).not.toThrow();
    } finally {
      other.prepare('ROLLBACK').run();
      other.close();
    }
    run.release('fleet-a');
    run(1_000);
    expect(runs).toEqual([1_000]);
    db.close();
  });

  it('when as many fleets as a batch are due besides a held one, then each is still visited, in full batches', () => {
    const db = openSimulatorsDb(':memory:');
    const due = createFleetDueStore(db);
    due.markDue('fleet-000');
    for (let i = 1; i <= DUE_BATCH_FLEETS + 1; i++) due.markDue(`fleet-${String(i).padStart(3, '0')}`);
    const batches: string[][] = [];
    const run = runner(db, [{ run: (time) => void batches.push([...time.fleets]), nextDueMs: () => null }]);
    run.hold('fleet-000');
    run(1_000);
    expect(batches.map((b) => b.length)).toEqual([DUE_BATCH_FLEETS, 1]);
    expect(batches.flat()).not.toContain('fleet-000');
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
    const run = runner(db, [{ run: () => void (runs++, db.prepare("INSERT OR REPLACE INTO counters (name, value) VALUES ('t', 1)").run()), nextDueMs: () => 0 }]);
    createFleetDueStore(db).markDue('fleet-a');
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
    other.prepare("UPDATE fleet_due SET due_ms = 0").run();
    other.close();
    run(1_000);
    run(1_000);
    expect(runs).toEqual([1_000, 1_000]);
    db.close();
  });

  it("when called inside a caller's transaction after its write, then the tasks run in it", () => {
    const { db, run, runs, write } = counted();
    run(1_000);
    db.transaction(() => (write(), run(1_000)))();
    expect(runs).toEqual([1_000, 1_000]);
  });

  it('when a run failed, then the next one at the same instant runs again', () => {
    const db = openSimulatorsDb(':memory:');
    let calls = 0;
    const run = runner(db, [task([], 1_000, () => {
      calls++;
      if (calls === 2) throw new Error('boom');
    })]);
    const due = createFleetDueStore(db);
    due.markDue('fleet-a');
    run(1);
    due.markDue('fleet-a');
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

    it('when the write fails after changing rows (rolled back), then the error is thrown and what it marked due is undone', () => {
      const { db, run, runs, write } = counted();
      run(1_000);
      const failing = db.transaction(() => {
        write();
        throw new Error('boom');
      });
      expect(() => run.writeWithoutDue(1_000, failing)).toThrow('boom');
      run(1_000);
      expect(runs).toEqual([1_000]);
    });
  });
});
