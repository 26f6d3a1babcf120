import { apiDatabaseFile, type Config } from '../../server/config.ts';
import { openDatabase, type Db } from '../../server/db/open.ts';
import { loadClock } from '../../server/lib/clock-store.ts';
import { createClocks } from '../../server/lib/clocks.ts';
import { createSeededIds } from '../../server/lib/ids.ts';
import { createTenantService } from '../../server/tenants/service.ts';
import { cliConfig } from '../environment.ts';

export type TenantService = ReturnType<typeof createTenantService>;

/** Tenants and keys are written straight to the data dir, so they work with or without a running serve. */
export function openTenantService(config: Config = cliConfig()): { db: Db; tenants: TenantService } {
  const db = openDatabase(apiDatabaseFile(config.dataDir));
  const clocks = createClocks(db, loadClock(db, config.clockStart));
  const ids = createSeededIds(db, config.seed);
  return { db, tenants: createTenantService({ db, clocks, ids }) };
}

/** One service call on the data dir, closed however it ends. */
export function withTenantService<T>(use: (tenants: TenantService) => T): T {
  const { db, tenants } = openTenantService();
  try {
    return use(tenants);
  } finally {
    db.close();
  }
}
