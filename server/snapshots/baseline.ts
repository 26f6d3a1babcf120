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
 * the demo tenant and its first key are the live ones where they exist (keepLiveDemo), so the key
 * printed when this data dir was created keeps working after a reset.
 */
export async function buildBaseline(deps: WorldDeps, files: SnapshotStore): Promise<void> {
  const staged = files.stagingBaseline();
  const api = openDatabase(staged.api);
  let clock;
  try {
    const fresh = loadClock(api, deps.clockStart);
    clock = fresh.getState();
    const seeded = createTenantService({ db: api, clocks: createClocks(api, fresh), ids: createSeededIds(api, deps.seed, keySalt(deps.controlToken)) }).seedDemo();
    if (seeded) keepLiveDemo(api, deps.db, seeded.tenant);
  } finally {
    api.close();
  }
  await deps.simulators.buildBaseline(staged.platforms, clock);
  files.publishBaseline(staged);
}

type Row = Record<string, unknown>;

const insert = (db: Db, table: string, row: Row) => {
  const columns = Object.keys(row);
  db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => '@' + c).join(', ')})`).run(row);
};

/**
 * The baseline's demo replaced by the live one, found as the data dir's first tenant by the demo's
 * name, with its first key: its secret was drawn from the seed and the control token of the serve
 * that made it, which this serve's may not be, and its ids as that version drew them (an older one
 * drew them otherwise). A data dir whose first tenant is not the demo (the CLI made one first, or the
 * demo was deleted) keeps the baseline's own.
 */
function keepLiveDemo(baseline: Db, live: Db, seeded: { id: string; name: string }): void {
  const demo = live.prepare('SELECT * FROM tenants ORDER BY created_at, created_order LIMIT 1').get() as Row | undefined;
  if (!demo || demo.name !== seeded.name) return;
  const key = live.prepare('SELECT * FROM api_keys WHERE tenant_id = ? ORDER BY created_at, rowid LIMIT 1').get(demo.id) as Row | undefined;
  baseline.transaction(() => {
    baseline.prepare('DELETE FROM api_keys WHERE tenant_id = ?').run(seeded.id);
    baseline.prepare('DELETE FROM tenants WHERE id = ?').run(seeded.id);
    insert(baseline, 'tenants', demo);
    if (key) insert(baseline, 'api_keys', key);
  })();
}
