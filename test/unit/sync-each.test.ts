import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors.ts';
import { PLATFORM_FAULT_HEADER } from '../../server/lib/platform-fault-header.ts';
import { syncEach, syncWorldByWorld, worldsIn } from '../../server/sync/sync-each.ts';
import type { WorldReading } from '../../server/sync/runner.ts';

const worldFault = () => new AppError('PLATFORM_UNAVAILABLE', 'La plataforma platform_a no está disponible (falla de plataforma simulada en este mundo); reintenta más tarde.', null, { [PLATFORM_FAULT_HEADER]: 'platform_a; scope=world' });
const outage = () => new AppError('PLATFORM_UNAVAILABLE', 'La plataforma platform_a no está disponible; reintenta más tarde.');

/** Records of worlds a and b (`rows`, each named by its world's letter); `fail` says what a record's read throws. */
async function pass(fail: (record: string) => Error | null, rows = ['a1', 'b1', 'a2', 'b2']) {
  const read: string[] = [];
  const failures = await syncEach(rows, (row) => row[0], async (row) => {
    read.push(row);
    const err = fail(row);
    if (err) throw err;
  });
  return { read, failures };
}

describe('sync each: records read one platform call each, over every world', () => {
  it('when one world\'s own platform fault refuses a call, then that world alone is named failed, its other records left, and the other world read', async () => {
    // More of a's records than calls at once: those not started when the fault answered are left.
    const rows = [...Array.from({ length: 20 }, (_, i) => `a${i}`), 'b1', 'b2'];
    const { read, failures } = await pass((row) => (row[0] === 'a' ? worldFault() : null), rows);

    expect(read).toEqual(expect.arrayContaining(['b1', 'b2']));
    expect(read.filter((row) => row[0] === 'a').length).toBeLessThan(20);
    expect(failures).toEqual([{ tenant: 'a', message: worldFault().message }]);
  });

  it('when a record is refused for another reason, then its world is named with that refusal, and every record is read', async () => {
    const refused = new AppError('PLATFORM_REJECTED', 'platform_a rechazó la solicitud: no.');
    const { read, failures } = await pass((row) => (row === 'b2' ? refused : null));

    expect(read.sort()).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(failures).toEqual([{ tenant: 'b', message: refused.message }]);
  });

  it('when the platform is down for every world, then the pass ends and the outage is thrown', async () => {
    await expect(pass(() => outage())).rejects.toThrow('La plataforma platform_a no está disponible; reintenta más tarde.');
  });

  it('when a read fails with an error that is not the API\'s, then the others are read and it is thrown at the end (its words are the log\'s, not an answer\'s)', async () => {
    const read: string[] = [];
    const run = syncEach(['a1', 'b1'], (row) => row[0], async (row) => {
      read.push(row);
      if (row === 'a1') throw new TypeError('x is undefined');
    });

    await expect(run).rejects.toThrow(TypeError);
    expect(read).toEqual(['a1', 'b1']);
  });
});

describe('sync world by world: a pass of every world, each world\'s read in its turn', () => {
  /** A pass over worlds whose turns are told in `events`; `fail` says what a world's pass throws. */
  async function byWorld(worlds: string[], fail: (world: string) => Error | null = () => null) {
    const events: string[] = [];
    const reading: WorldReading = async (world, read) => {
      events.push(`turn ${world}`);
      try {
        return await read();
      } finally {
        events.push(`turn ${world} over`);
      }
    };
    const pass = async (world: string) => {
      events.push(`list ${world}`);
      const err = fail(world);
      if (err) throw err;
      return world === 'b' ? [{ tenant: 'b', message: 'rechazado' }] : [];
    };
    return { events, run: () => syncWorldByWorld(worlds, pass, reading) };
  }

  it('when every world has records, then each world\'s are listed and read inside its turn, and the worlds that failed are answered', async () => {
    const { events, run } = await byWorld(['a', 'b']);
    const failures = await run();

    expect(failures).toEqual([{ tenant: 'b', message: 'rechazado' }]);
    for (const world of ['a', 'b']) {
      expect(events.indexOf(`list ${world}`)).toBeGreaterThan(events.indexOf(`turn ${world}`));
      expect(events.indexOf(`list ${world}`)).toBeLessThan(events.indexOf(`turn ${world} over`));
    }
  });

  it('when the platform is down for every world, then the pass ends and the outage is thrown: no world starts after it', async () => {
    const worlds = Array.from({ length: 20 }, (_, i) => `w${i}`);
    const { events, run } = await byWorld(worlds, () => outage());

    await expect(run()).rejects.toThrow('La plataforma platform_a no está disponible; reintenta más tarde.');
    expect(events.filter((e) => e.startsWith('list')).length).toBeLessThan(20);
  });

  it('when a world\'s pass fails unexpectedly, then the other worlds are still read, and the failure is thrown at the end', async () => {
    const { events, run } = await byWorld(['a', 'b', 'c'], (world) => (world === 'a' ? new Error('disk I/O error') : null));

    await expect(run()).rejects.toThrow('disk I/O error');
    expect(events.filter((e) => e.startsWith('list'))).toEqual(['list a', 'list b', 'list c']);
  });

  it('when records name worlds, then each world is named once, in the records\' order, a record of no world left out', () => {
    expect(worldsIn(['b1', 'a1', 'x', 'b2'], (row) => (row === 'x' ? undefined : row[0]))).toEqual(['b', 'a']);
  });
});
