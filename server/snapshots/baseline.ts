import { keySalt } from '../auth/key-salt.ts';
import { openDatabase, type Db } from '../db/open.ts';
import { loadClock } from '../lib/clock-store.ts';
import { createSeededIds } from '../lib/ids.ts';
import { createClocks } from '../lib/clocks.ts';
import { createTenantService } from '../tenants/service.ts';
import type { SnapshotStore } from './files.ts';
import type { WorldDeps } from './service.ts';

/**
 * Writes what reset brings back: the databases of a new data dir with this seed and clock start,
 * made the way `serve` makes one (migrations, the clock, the demo tenant and its key), except that
 * the demo tenant and its key rows are the live ones where they exist, so the key printed when this
 * data dir was created keeps working after a reset (its secret is drawn from the seed and the
 * control token then, which this serve's may not be).
 */
export async function buildBaseline(deps: WorldDeps, files: SnapshotStore): Promise<void> {
  const staged = files.stagingBaseline();
  const api = openDatabase(staged.api);
  let clock;
  try {
    const fresh = loadClock(api, deps.clockStart);
    clock = fresh.getState();
    const seeded = createTenantService({ db: api, clocks: createClocks(api, fresh), ids: createSeededIds(api, deps.seed, undefined, keySalt(deps.controlToken)) }).seedDemo();
    if (seeded) keepLiveRows(api, deps.db, seeded.tenant.id, seeded.key.id);
  } finally {
    api.close();
  }
  await deps.simulators.buildBaseline(staged.platforms, clock);
  files.publishBaseline(staged);
}

function keepLiveRows(baseline: Db, live: Db, tenantId: string, keyId: string): void {
  const copy = (table: string, id: string) => {
    const row = live.prepare(`SELECT * FROM ${table} WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
    // The demo's rows only: on a data dir made without it (tenants made first by the CLI or a test's
    // app), the key with its key's id is another world's.
    if (!row || (table === 'api_keys' && row.tenant_id !== tenantId)) return;
    const columns = Object.keys(row);
    baseline
      .prepare(`INSERT OR REPLACE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`)
      .run(row);
  };
  copy('tenants', tenantId);
  copy('api_keys', keyId);
}
