import type { Deps } from '../deps.ts';
import { API_VERSION } from '../account/response-schema.ts';
import { createTenantStore } from '../tenants/store.ts';
import { conflict, invalidFields } from '../errors.ts';
import { admittedToWorld, journalCapture } from './capture.ts';
import { DEFAULT_JOURNAL_MB } from '../config.ts';
import type { StoredEntry } from './entry.ts';
import { JournalFilter, statusMatches, type JournalFilterInput } from './filter.ts';
import { toHar } from './har.ts';
import type { OperationCatalog } from '../faults/operations.ts';
import { journalMatching } from './match.ts';
import { createJournalStore } from './store.ts';
import { entryView, type JournalEntry } from './view.ts';


/**
 * The request journal of every world (contract §5): what each world's code sent with its keys and
 * what it got. `capture` is null when FLEET_JOURNAL_MB is 0 (the journal off, for the bench's paired run).
 */
export function createJournalService(deps: Pick<Deps, 'db' | 'clocks' | 'realNowMs' | 'journalMb' | 'logger'>, { catalog }: { catalog: OperationCatalog }) {
  const mb = deps.journalMb ?? DEFAULT_JOURNAL_MB;
  const store = createJournalStore({ maxBytes: mb * 1024 * 1024 });
  const tenants = createTenantStore(deps.db);
  const matching = journalMatching(catalog);
  const { operationOf } = matching;

  /** The entries a filter selects, newest first; `limit` of them when given. */
  function select(tenantId: string, filter: JournalFilter, limit: number): { entries: StoredEntry[]; hasMore: boolean } {
    if (filter.operation !== undefined) matching.checkOperation(filter.operation);
    const onPath = filter.path === undefined ? null : matching.pathFilter(filter.path, filter.method);
    const entries: StoredEntry[] = [];
    for (const entry of store.newestFirst(tenantId)) {
      if (filter.startingAfter !== undefined && entry.seq >= filter.startingAfter) continue;
      if (filter.method !== undefined && entry.method !== filter.method) continue;
      if (filter.status !== undefined && !statusMatches(filter.status, entry.status)) continue;
      if (onPath && !onPath(entry)) continue;
      if (filter.operation !== undefined && operationOf(entry) !== filter.operation) continue;
      if (entries.length === limit) return { entries, hasMore: true };
      entries.push(entry);
    }
    return { entries, hasMore: false };
  }

  const view = (entry: StoredEntry) => entryView(entry, operationOf);

  /**
   * A cursor this world's journal never gave (a typo, another world's id, one from before a reset)
   * is 400, as a /v1 list's unknown cursor: read as "older than everything" it answered every entry.
   * One given and since dropped (cleared, or the oldest let go) still pages on: ids only increase.
   */
  function assertCursorGiven(tenantId: string, seq: number | undefined): void {
    if (seq === undefined || (seq >= 1 && seq < store.nextSeq(tenantId))) return;
    const last = store.nextSeq(tenantId) - 1;
    const message = `startingAfter no corresponde a ninguna entrada del diario de este mundo: ${last === 0 ? 'aún no tiene ninguna' : `la última es je_${last}`}`;
    throw invalidFields([{ field: 'startingAfter', message }]);
  }

  /**
   * Off, it keeps nothing: a read says so rather than answer an empty page, which a test took for
   * "no request was sent" (an expectRequests of count 0 passed whatever its code did).
   */
  function requireOn(): void {
    if (mb === 0) throw conflict('El diario de solicitudes está apagado en este testbed (FLEET_JOURNAL_MB=0): no guarda ninguna solicitud. Arranca serve sin FLEET_JOURNAL_MB=0 para leerlo.');
  }

  return {
    capture: mb > 0 ? journalCapture(deps, store) : null,
    /** Told by the world's gate (app.ts) as a request is let into its world, for the capture. */
    admitted: mb > 0 ? admittedToWorld(store) : null,

    list(tenantId: string, query: JournalFilterInput): { data: JournalEntry[]; hasMore: boolean } {
      tenants.requireTenant(tenantId);
      requireOn();
      const filter = JournalFilter.parse(query);
      assertCursorGiven(tenantId, filter.startingAfter);
      const { entries, hasMore } = select(tenantId, filter, filter.limit);
      return { data: entries.map(view), hasMore };
    },

    /** Every entry the filter selects (no page), as HAR 1.2. */
    har(tenantId: string, query: Omit<JournalFilterInput, 'limit' | 'startingAfter'>) {
      tenants.requireTenant(tenantId);
      requireOn();
      const filter = JournalFilter.parse({ ...query, limit: undefined, startingAfter: undefined });
      return toHar(select(tenantId, filter, Infinity).entries.map(view), API_VERSION);
    },

    clear(tenantId: string): { deleted: number } {
      tenants.requireTenant(tenantId);
      return { deleted: store.clear(tenantId) };
    },

    /** A deleted world's journal goes with it. */
    forget: (tenantId: string) => store.drop(tenantId),
    /** A reset or a whole-testbed restore: every world's journal goes; after a restore the worlds there keep counting. */
    forgetAll: (stillThere: (tenantId: string) => boolean, restartIds = false) => store.dropAll(stillThere, restartIds),
    stats: store.stats,
  };
}

export type JournalService = ReturnType<typeof createJournalService>;
