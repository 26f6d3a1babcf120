import { describe, expect, it } from 'vitest';
import { clockStartIgnored, loadClock } from '../../server/lib/clock-store.ts';
import { openDatabase } from '../../server/db/open.ts';

const START = '2026-03-02T15:00:00.000Z';

/** serve's line when FLEET_CLOCK_START asks for another start than the data dir was made with. */
describe('FLEET_CLOCK_START on a data dir that has its clock', () => {
  const madeWith = (clockStart: string | null) => {
    const db = openDatabase(':memory:');
    loadClock(db, clockStart);
    return db;
  };

  it('when it names the same instant (in another spelling too), or is unset, then nothing is said', () => {
    const db = madeWith(START);

    expect(clockStartIgnored(db, START)).toBeNull();
    expect(clockStartIgnored(db, '2026-03-02T15:00:00Z')).toBeNull();
    expect(clockStartIgnored(db, null)).toBeNull();
  });

  it('when it names another instant, then one Spanish line says it is not applied and when the data dir started', () => {
    expect(clockStartIgnored(madeWith(START), '2027-01-01T00:00:00Z')).toBe(
      'FLEET_CLOCK_START=2027-01-01T00:00:00Z no se aplica: este directorio de datos empezó en 2026-03-02T15:00:00.000Z y sigue en su propia hora; para empezar en esa fecha, usa un FLEET_DATA_DIR nuevo.',
    );
  });

  it('when the data dir was made on real time, then the line says so', () => {
    expect(clockStartIgnored(madeWith(null), START)).toContain('empezó sin FLEET_CLOCK_START (la hora real)');
  });

  it('when the data dir was made before the start was recorded, then nothing is said (it cannot be told)', () => {
    const db = madeWith(START);
    db.prepare("DELETE FROM counters WHERE name = 'clock:started_at_ms'").run();

    expect(clockStartIgnored(db, '2027-01-01T00:00:00Z')).toBeNull();
  });
});
