import { makeTestApp } from './app.ts';

/** The journal of a world as the service gives it (its HTTP doors are tested in journal-control). */
export function journalApp(overrides: Parameters<typeof makeTestApp>[0] = {}) {
  const t = makeTestApp(overrides);
  const entries = (tenantId: string, filter: Record<string, string> = {}) => t.services.journal.list(tenantId, filter).data;
  return { ...t, entries };
}
