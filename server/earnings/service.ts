import type { Db } from '../db/open.ts';
import type { Page } from '../db/keyset.ts';
import type { EarningsSummaryQuery, ListDailyEarningsQuery } from './schema.ts';
import { createEarningsStore } from './store.ts';
import { toDailyEarnings, toSummary, type DailyEarnings, type EarningsSummary } from './view.ts';

/** Reads of the ingested daily earnings. The summary is the exact sum of the daily rows it covers. */
export function createEarningsService(deps: { db: Db }) {
  const store = createEarningsStore(deps.db);

  function listDaily(tenantId: string, q: ListDailyEarningsQuery): Page<DailyEarnings> {
    const { rows, hasMore } = store.list(tenantId, q.platform, { from: q.from, to: q.to, driverId: q.driverId }, q.limit, q.startingAfter);
    return { data: rows.map(toDailyEarnings), hasMore };
  }

  /** Sums in integer centavos (and hundredths of an hour) in SQL, formatted once. */
  function summary(tenantId: string, q: EarningsSummaryQuery): EarningsSummary {
    const totals = store.totals(tenantId, q.platform, { from: q.from, to: q.to, driverId: q.driverId });
    return toSummary(q.platform, q.from ?? null, q.to ?? null, totals);
  }

  return { listDaily, summary };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
