import { samePath, type OperationCatalog, type RequestOperation } from '../faults/operations.ts';
import type { StoredEntry } from './entry.ts';

/**
 * Names entries by the document's operations with the fault rules' own catalog (faults/operations.ts):
 * a filter's `path` and `operation` select the same requests a fault rule with them would.
 */
export function journalMatching(catalog: OperationCatalog) {
  // Found once per entry, on first read: capture never pays for it.
  const requestOf = (entry: StoredEntry): RequestOperation | null =>
    entry.op === undefined ? (entry.op = catalog.of(entry.method, entry.path)) : entry.op;

  return {
    operationOf: (entry: StoredEntry) => requestOf(entry)?.operationId ?? null,

    checkOperation: catalog.requireOperation,

    /** A template (`/v1/vehicles/{id}`) selects every request of it; a concrete path, itself (with `method`, the filter's). */
    pathFilter(given: string, method?: string): (entry: StoredEntry) => boolean {
      catalog.requireJournaledPath(given, method);
      const path = catalog.spelling(given);
      if (!path.includes('{')) return (entry) => samePath(entry.path, path);
      const template = path.toLowerCase();
      // A method the route has not (its 405) is the route's all the same, as a concrete path's filter finds it.
      return (entry) => catalog.templateOf(entry.path, requestOf(entry))?.toLowerCase() === template;
    },
  };
}
