import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';

/**
 * SQLite's own quick check of a database file, opened read-only so that a damaged file is left
 * exactly as it was found (no migration, no WAL checkpoint, no journal). Null when the file is
 * sound or does not exist yet (a new data dir); otherwise one line naming the file and the damage.
 */
export function quickCheckProblem(file: string): string | null {
  if (!existsSync(file)) return null;
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.pragma('quick_check(3)', { simple: false }) as { quick_check: string }[];
    const found = rows.map((row) => row.quick_check).join(' ');
    return found === 'ok' ? null : damaged(file, found);
  } catch (err) {
    return damaged(file, (err as Error).message);
  } finally {
    db?.close();
  }
}

/** One line, however many lines SQLite's report has. */
function damaged(file: string, report: string): string {
  const what = report.replace(/\s+/g, ' ').trim();
  const short = what.length > 160 ? `${what.slice(0, 157)}...` : what;
  return `la base de datos ${file} está dañada (${short}); restáurala de una copia o usa otro FLEET_DATA_DIR`;
}
