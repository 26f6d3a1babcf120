/** Which UNIQUE constraint a better-sqlite3 error broke, e.g. "vehicles.plate_key"; null otherwise. */
export function uniqueViolation(err: unknown): string | null {
  if (typeof err !== 'object' || err === null || (err as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const m = /UNIQUE constraint failed: ([\w.]+)/.exec(String((err as Error).message));
  return m ? m[1] : 'unknown';
}
