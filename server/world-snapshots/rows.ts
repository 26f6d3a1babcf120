import type { Db } from '../db/open.ts';
import { createRowVault, vaultTable } from '../db/row-vault.ts';
import { conflict, notFound } from '../errors.ts';
import { spokenList } from '../lib/human-text.ts';
import { WORLD_ROWS } from './world-rows.ts';
import { BULK, createRowDifference, SMALL } from './row-difference.ts';

/** The rides' and daily rows' comparison made ahead (`compareBulk`), if it still holds. */
type BulkAhead = () => boolean[] | null;

/** Saved values another world holds now, by kind, with the world that holds each, for the 409. */
export interface Clash {
  field: 'plate' | 'vin' | 'whatsapp';
  value: string;
  tenantId: string;
}

const CLASHES = (alias: string) => `
  SELECT 'plate' AS field, v.plate AS value, m.tenant_id AS tenantId FROM ${alias}.${vaultTable('vehicles')} v
    JOIN main.vehicles m ON m.plate_key = v.plate_key AND m.tenant_id <> v.tenant_id WHERE v.vault_key = @key
  UNION ALL
  SELECT 'vin', v.vin, m.tenant_id FROM ${alias}.${vaultTable('vehicles')} v
    JOIN main.vehicles m ON m.vin = v.vin AND m.tenant_id <> v.tenant_id WHERE v.vault_key = @key
  UNION ALL
  SELECT 'whatsapp', d.whatsapp, m.tenant_id FROM ${alias}.${vaultTable('drivers')} d
    JOIN main.drivers m ON m.whatsapp_key = d.whatsapp_key AND m.tenant_id <> d.tenant_id WHERE d.vault_key = @key
  LIMIT ${CLASH_DETAILS}`;

const LABEL: Record<Clash['field'], string> = { plate: 'la placa', vin: 'el VIN', whatsapp: 'el WhatsApp' };
/**
 * Every clash is named (up to these many in the details, the first few in the message), so a test
 * that frees one value does not meet the next at the next restore.
 */
const CLASH_DETAILS = 100;
const CLASHES_IN_MESSAGE = 5;

export function clashMessage(name: string, found: Clash[]): string {
  const shown = found.slice(0, CLASHES_IN_MESSAGE).map((c) => `${LABEL[c.field]} ${c.value}`);
  const more = found.length > shown.length ? ` y ${found.length === CLASH_DETAILS ? 'otros' : found.length - shown.length} más` : '';
  const list = more ? `${shown.join(', ')}${more}` : spokenList(shown);
  // The world that holds them, when it is one (two suites sharing a seed, say): where to look.
  // Not when the details are full: the clashes left out may be another world's.
  const holders = new Set(found.map((c) => c.tenantId));
  const whose = holders.size === 1 && found.length < CLASH_DETAILS ? `del mundo ${found[0].tenantId}` : 'de otros mundos';
  return `No se puede restaurar «${name}»: ${list} ${found.length > 1 ? 'son' : 'es'} ahora ${whose}; no se restauró nada.`;
}

/**
 * A world's rows in the API's database: every row the tenant's purge would delete (tenants/purge.ts
 * lists them, and a test keeps that list whole) but its history (world-rows.ts), copied out under a key and put back in one
 * transaction, by difference (row-difference.ts): only rows not as in the copy are deleted and the
 * copy's missing ones inserted. Rides and daily earnings, by far the most rows, are compared with the
 * copy ahead of the put-back when they can be (`compareBulk`). Runs on whichever connection holds the copies: the rows
 * thread's (rows-thread.ts) or, for an in-memory database, the API's own. `beforeCommit` runs inside
 * the put-back's transaction, its writes done (a test holds it there).
 */
export function createWorldRows(db: Db, { beforeCommit }: { beforeCommit?: () => void } = {}) {
  const alias = 'world_vault';
  const vault = createRowVault(db, alias, WORLD_ROWS);
  const clashes = db.prepare(CLASHES(alias));
  const bulk = createRowDifference(db, alias, BULK);
  const small = createRowDifference(db, alias, SMALL);

  function assertNoClash(key: string, name: string): void {
    // Dropped meanwhile (every copy forgotten as a save was under way): nothing to put back.
    if (!vault.has(key)) throw notFound(`La copia de las filas de «${name}»`);
    const found = clashes.all({ key }) as Clash[];
    if (found.length === 0) return;
    throw conflict(clashMessage(name, found), found.map((c) => ({ field: c.field, value: c.value, tenantId: c.tenantId, message: `En uso por el mundo ${c.tenantId}` })));
  }

  /**
   * The comparison made ahead of the put-back (`compareBulk`): of which world and copy, which tables
   * are all the copy's, and the world's ingestion writes then. The put-back uses it only if no
   * ingestion wrote the world since; else it compares again, inside its transaction.
   */
  let compared: { tenantId: string; key: string; allSaved: boolean[]; writes: string } | null = null;
  // The world's ingestion writes as its feeds number them (migration 010): rides and daily rows are
  // written by nothing else, so the same numbers at the put-back mean the comparison still holds.
  // Not the tenant gate: a control call (`rides generate`) may ingest into a world being restored.
  const feedWrites = db.prepare("SELECT group_concat(id || ':' || written) FROM (SELECT id, written FROM ride_feeds WHERE tenant_id = ? ORDER BY id)").pluck();
  const writesOf = (tenantId: string) => String(feedWrites.get(tenantId));
  // Deferred: its writes go to the temp database alone, so it takes no lock other connections wait on.
  const compareInOneRead = db.transaction((tenantId: string, key: string) => ({
    allSaved: bulk.compare(tenantId, key), writes: writesOf(tenantId),
  })).deferred;

  /**
   * Whether every row of the world is the copy's already (a read: its writes go to the temp database
   * alone). Then the put-back takes no write lock at all, which other worlds' writes would wait for,
   * and no clash can be: the world holds the copy's plates, VINs and numbers now.
   */
  const allAsCopy = db.transaction((tenantId: string, key: string, ahead: BulkAhead) =>
    (ahead() ?? bulk.compare(tenantId, key)).every(Boolean) && small.compare(tenantId, key).every(Boolean)).deferred;

  /** The world as it is saved under `key`, or a 409 naming a plate, VIN or number another world took since. */
  const writeBack = db.transaction((tenantId: string, key: string, name: string, ahead: BulkAhead) => {
    assertNoClash(key, name);
    // A row deleted and inserted again (a vehicle edited) may have children kept in place meanwhile:
    // checked at the commit (the pragma ends with the transaction), when it is back.
    db.pragma('defer_foreign_keys = ON');
    // Every table compared before any is changed: a child's rows are found through its parents as they are now.
    const bulkFound = ahead() ?? bulk.compare(tenantId, key);
    const smallFound = small.compare(tenantId, key);
    bulk.apply(tenantId, key, bulkFound);
    small.apply(tenantId, key, smallFound);
    beforeCommit?.();
  });

  function putBack(tenantId: string, key: string, name: string): void {
    const made = compared?.tenantId === tenantId && compared.key === key ? compared : null;
    compared = null;
    // Never a world emptied with nothing to put back: the copies may have been lost with a thread that died.
    if (!vault.has(key)) throw new Error(`no saved rows under ${key}`);
    // Asked inside each transaction: the comparison made ahead holds while the ingestion wrote nothing since.
    const ahead: BulkAhead = () => (made && made.writes === writesOf(tenantId) ? made.allSaved : null);
    if (allAsCopy(tenantId, key, ahead)) return;
    writeBack(tenantId, key, name, ahead);
  }

  return {
    /** Copies the world's rows under `key`; answers their size in bytes. */
    save: (tenantId: string, key: string): number => vault.save(key, { tenant: tenantId }),
    assertNoClash,
    /**
     * The put-back's longest read, done before it and outside its write lock: which of the world's
     * rides and daily rows differ from the copy under `key`, kept for the put-back that follows.
     */
    compareBulk(tenantId: string, key: string): void {
      compared = null;
      compared = { tenantId, key, ...compareInOneRead(tenantId, key) };
    },
    putBack,
    drop: vault.drop,
    dropPrefix: vault.dropPrefix,
  };
}

export type WorldRows = ReturnType<typeof createWorldRows>;
