import { describe, expect, it } from 'vitest';
import { loadClock } from '../../server/lib/clock-store.ts';
import { SimClock } from '../../server/lib/clock.ts';
import { createClocks } from '../../server/lib/clocks.ts';
import { createSeededIds } from '../../server/lib/ids.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { createTenantService } from '../../server/tenants/service.ts';
import { tempDatabaseFiles } from '../support/temp-db.ts';

const START = '2026-03-02T15:00:00.000Z';
const START_MS = Date.parse(START);
const HOUR = 3_600_000;

function setup(db: Db = openDatabase(':memory:')) {
  const clocks = createClocks(db, SimClock.frozenAt(START));
  const tenants = createTenantService({ db, clocks, ids: createSeededIds(db, 7) });
  return { db, clocks, newTenant: () => tenants.createTenant('Mundo').id };
}

describe('clocks: a tenant is a world with its own clock', () => {
  it('when a tenant is created, then its offset is 0 and its time is the service time', () => {
    const { clocks, newTenant } = setup();
    const id = newTenant();

    expect(clocks.offsetOf(id)).toBe(0);
    expect(clocks.forTenant(id).nowMs()).toBe(START_MS);
    expect(clocks.offsets()).toEqual({});
  });

  it('when one tenant\'s offset is set, then only that tenant\'s time moves, and a clock taken before sees it', () => {
    const { clocks, newTenant } = setup();
    const [a, b] = [newTenant(), newTenant()];
    const clockOfA = clocks.forTenant(a);

    clocks.setOffset(a, 2 * HOUR);

    expect(clockOfA.now().toISOString()).toBe(new Date(START_MS + 2 * HOUR).toISOString());
    expect(clocks.forTenant(b).nowMs()).toBe(START_MS);
    expect(clocks.service.nowMs()).toBe(START_MS);
    expect(clocks.offsets()).toEqual({ [a]: 2 * HOUR });
  });

  it('when the service time moves, then every tenant moves with it, keeping its offset', () => {
    const { clocks, newTenant } = setup();
    const [a, b] = [newTenant(), newTenant()];
    clocks.setOffset(a, HOUR);

    clocks.service.advance(3 * HOUR);

    expect([clocks.forTenant(a).nowMs(), clocks.forTenant(b).nowMs()]).toEqual([START_MS + 4 * HOUR, START_MS + 3 * HOUR]);
  });

  it('when the tenant does not exist, then its offset is null and its clock reads the service time', () => {
    const { clocks } = setup();

    expect(clocks.offsetOf('00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(clocks.forTenant('00000000-0000-4000-8000-000000000000').nowMs()).toBe(START_MS);
  });

  it('when any world\'s time moves, then the position changes; when none does, it stays', () => {
    const { clocks, newTenant } = setup();
    const id = newTenant();
    const first = clocks.position();
    newTenant();
    const unchanged = clocks.position();
    clocks.setOffset(id, HOUR);
    const afterTenant = clocks.position();
    clocks.service.advance(HOUR);

    expect(unchanged).toBe(first);
    expect(afterTenant).not.toBe(first);
    expect(clocks.position()).not.toBe(afterTenant);
  });

  it('when a world\'s time moves (its offset or the service time), then its position changes; another world\'s advance leaves it', () => {
    const { clocks, newTenant } = setup();
    const [a, b] = [newTenant(), newTenant()];
    const first = clocks.positionOf(a);
    newTenant();
    clocks.setOffset(b, HOUR);
    const unchanged = clocks.positionOf(a);
    clocks.setOffset(a, HOUR);
    const afterOwn = clocks.positionOf(a);
    clocks.service.advance(HOUR);

    expect(unchanged).toBe(first);
    expect(afterOwn).not.toBe(first);
    expect(clocks.positionOf(a)).not.toBe(afterOwn);
  });

  describe('across restarts', () => {
    const files = tempDatabaseFiles();

    it('when the process restarts on the same data dir, then each tenant keeps its offset', () => {
      const [before, after] = files(2);
      const { clocks, newTenant } = setup(before);
      const id = newTenant();
      clocks.setOffset(id, 5 * HOUR);
      before.close();

      const reopened = createClocks(after, loadClock(after, START));

      expect(reopened.offsetOf(id)).toBe(5 * HOUR);
      expect(reopened.offsets()).toEqual({ [id]: 5 * HOUR });
    });
  });
});
