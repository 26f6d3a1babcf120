import type { Db } from '../db/open.ts';
import { createRowVault, vaultTable } from '../db/row-vault.ts';
import { conflict } from '../errors.ts';
import { createTenantPurge, TENANT_ROWS } from '../tenants/purge.ts';

/** Saved values another world holds now: the first found, by kind, for the 409. */
interface Clash {
  field: 'plate' | 'vin' | 'whatsapp';
  value: string;
}

const CLASHES = (alias: string) => `
  SELECT 'plate' AS field, v.plate AS value FROM ${alias}.${vaultTable('vehicles')} v
    JOIN main.vehicles m ON m.plate_key = v.plate_key AND m.tenant_id <> v.tenant_id WHERE v.vault_key = @key
  UNION ALL
  SELECT 'vin', v.vin FROM ${alias}.${vaultTable('vehicles')} v
    JOIN main.vehicles m ON m.vin = v.vin AND m.tenant_id <> v.tenant_id WHERE v.vault_key = @key
  UNION ALL
  SELECT 'whatsapp', d.whatsapp FROM ${alias}.${vaultTable('drivers')} d
    JOIN main.drivers m ON m.whatsapp_key = d.whatsapp_key AND m.tenant_id <> d.tenant_id WHERE d.vault_key = @key
  LIMIT 1`;

const LABEL: Record<Clash['field'], string> = { plate: 'la placa', vin: 'el VIN', whatsapp: 'el WhatsApp' };

/**
 * A world's rows in the API's database: every row the tenant's purge would delete (tenants/purge.ts
 * lists them, and a test keeps that list whole), copied out under a key and put back in one
 * transaction that first deletes what the world holds now. Rides, by far the most rows and with no
 * foreign key, are put back by difference: a ride that is the same in the copy is left in place, so
 * a rewind after a test that changed little writes little. Runs on whichever connection holds the
 * copies: the rows thread's (rows-thread.ts) or, for an in-memory database, the API's own.
 * `beforeCommit` runs inside the put-back's transaction, its writes done (a test holds it there).
 */
export function createWorldRows(db: Db, { beforeCommit }: { beforeCommit?: () => void } = {}) {
  const alias = 'world_vault';
  const vault = createRowVault(db, alias, TENANT_ROWS);
  const others = TENANT_ROWS.filter((r) => r.table !== 'rides');
  // Parents before children: the purge's order, reversed.
  const loadOrder = [...new Set([...others].reverse().map((r) => r.table))];
  const purge = createTenantPurge(db, ['rides']);
  const clashes = db.prepare(CLASHES(alias));
  const rides = createRideDifference(db, alias);

  function assertNoClash(key: string, name: string): void {
    const clash = clashes.get({ key }) as Clash | undefined;
    if (!clash) return;
    throw conflict(`No se puede restaurar «${name}»: ${LABEL[clash.field]} ${clash.value} es ahora de otro mundo; no se restauró nada.`, [
      { field: clash.field, value: clash.value, message: 'En uso por otro mundo' },
    ]);
  }

  /**
   * The rides compared ahead of the put-back (`compareRides`): by whom, and whether all are the copy's.
   * Valid for that put-back only: the world is alone meanwhile (its requests held, the background
   * paused for it), so its rides do not change between the two calls.
   */
  let compared: { tenantId: string; key: string; allSaved: boolean } | null = null;
  // Deferred: its one write is to the temp database, so it takes no lock other connections wait on.
  const compareInOneRead = db.transaction((tenantId: string, key: string) => rides.compare(tenantId, key)).deferred;

  /** The world as it is saved under `key`, or a 409 naming a plate, VIN or number another world took since. */
  const putBack = db.transaction((tenantId: string, key: string, name: string) => {
    const ahead = compared?.tenantId === tenantId && compared.key === key ? compared : null;
    compared = null;
    // Never a purge with nothing to load: the copies may have been lost with a thread that died.
    if (!vault.has(key)) throw new Error(`no saved rows under ${key}`);
    assertNoClash(key, name);
    // Before the purge: the rides to drop are found through the world's feeds as they are now.
    const allSaved = ahead ? ahead.allSaved : rides.compare(tenantId, key);
    rides.dropCompared();
    purge(tenantId);
    vault.loadInto(key, loadOrder);
    if (!allSaved) rides.addMissing(key);
    beforeCommit?.();
  });

  return {
    /** Copies the world's rows under `key`; answers their size in bytes. */
    save: (tenantId: string, key: string): number => vault.save(key, { tenant: tenantId }),
    assertNoClash,
    /**
     * The put-back's longest read, done before it and outside its write lock: which of the world's
     * rides differ from the copy under `key`. Meant to run while the platforms restore their half.
     */
    compareRides(tenantId: string, key: string): void {
      compared = null;
      compared = { tenantId, key, allSaved: compareInOneRead(tenantId, key) };
    },
    putBack,
    drop: vault.drop,
    dropPrefix: vault.dropPrefix,
  };
}

/**
 * The world's rides made equal to a copy's: those not in it (or different) found, then deleted, the
 * missing inserted. The found ones wait in a table of the connection's temp database, so the search
 * is a read of the live database (its write is to temp alone) and can run before the put-back's lock.
 */
function createRideDifference(db: Db, alias: string) {
  const saved = `${alias}.${vaultTable('rides')}`;
  const columns = db.prepare("SELECT name FROM pragma_table_info('rides')").pluck().all() as string[];
  // Every column in the index: a ride is compared with one seek, never a second read of the row.
  const rest = columns.filter((c) => c !== 'feed' && c !== 'id');
  db.exec(`CREATE INDEX IF NOT EXISTS ${alias}.saved_rides_whole ON ${vaultTable('rides')}(vault_key, feed, id, ${rest.join(', ')})`);
  db.exec('CREATE TEMP TABLE IF NOT EXISTS world_rides_to_drop (feed INTEGER NOT NULL, id BLOB NOT NULL, PRIMARY KEY (feed, id)) WITHOUT ROWID');
  // The key by equality (the index), every other column by IS (nulls equal).
  const same = columns.map((c) => (c === 'feed' || c === 'id' ? `v.${c} = main.rides.${c}` : `v.${c} IS main.rides.${c}`)).join(' AND ');
  const findChanged = db.prepare(`INSERT INTO temp.world_rides_to_drop (feed, id) SELECT feed, id FROM main.rides
    WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = @tenant)
    AND NOT EXISTS (SELECT 1 FROM ${saved} v WHERE v.vault_key = @key AND ${same})`);
  const forget = db.prepare('DELETE FROM temp.world_rides_to_drop');
  const dropFound = db.prepare('DELETE FROM main.rides WHERE (feed, id) IN (SELECT feed, id FROM temp.world_rides_to_drop)');
  const addMissing = db.prepare(`INSERT INTO main.rides (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM ${saved} v
    WHERE v.vault_key = ? AND NOT EXISTS (SELECT 1 FROM main.rides m WHERE m.feed = v.feed AND m.id = v.id)`);
  const countLive = db.prepare('SELECT count(*) FROM main.rides WHERE feed IN (SELECT id FROM ride_feeds WHERE tenant_id = ?)').pluck();
  const countSaved = db.prepare(`SELECT count(*) FROM ${saved} WHERE vault_key = ?`).pluck();
  return {
    /**
     * Finds the rides to drop, and answers whether the rides left would be the copy's, all of them:
     * none to drop means each is in the copy, and as many as the copy's means none is missing, so the
     * rewind of an unchanged world skips looking each saved ride up (a third of its time with 36,000 rides).
     */
    compare(tenantId: string, key: string): boolean {
      forget.run();
      return findChanged.run({ tenant: tenantId, key }).changes === 0 && countLive.get(tenantId) === countSaved.get(key);
    },
    /** Deletes the rides the last comparison found. */
    dropCompared(): void {
      dropFound.run();
      forget.run();
    },
    addMissing: (key: string) => void addMissing.run(key),
  };
}

export type WorldRows = ReturnType<typeof createWorldRows>;
