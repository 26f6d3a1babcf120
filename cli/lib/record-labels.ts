import { existsSync } from 'node:fs';
import { apiDatabaseFile } from '../../server/config.ts';
import { openDatabase } from '../../server/db/open.ts';
import { createRecordLabels, type RecordLabels } from '../../server/tenants/record-labels.ts';
import { cliConfig } from '../environment.ts';

/**
 * Labels read from the data dir, beside the running serve (as `tenants create` writes there). None
 * for a serve elsewhere (FLEET_URL) or a data dir without a database: the ids are shown alone.
 */
export function withRecordLabels<T>(use: (labels: RecordLabels | null) => T): T {
  const config = cliConfig();
  const file = apiDatabaseFile(config.dataDir);
  if (process.env.FLEET_URL || !existsSync(file)) return use(null);
  const db = openDatabase(file);
  try {
    return use(createRecordLabels(db));
  } finally {
    db.close();
  }
}
