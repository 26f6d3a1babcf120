import type { Platform } from '../common/schemas.ts';
import { formatHundredths } from './money.ts';
import type { DailyEarningsRow, EarningsTotals } from './store.ts';

/** DailyEarnings (spec §2). Always filled in by the ingestion, though the spec allows nulls. */
export interface DailyEarnings {
  id: string;
  platform: Platform;
  date: string;
  driverId: string | null;
  trips: number | null;
  grossMxn: string | null;
  netMxn: string | null;
  onlineHours: string | null;
}

export interface EarningsSummary {
  platform: Platform;
  from: string | null;
  to: string | null;
  totals: { trips: number; grossMxn: string; netMxn: string; onlineHours: string; days: number };
}

export const toDailyEarnings = (r: DailyEarningsRow): DailyEarnings => ({
  id: r.id,
  platform: r.platform,
  date: r.date,
  driverId: r.driver_id,
  trips: r.trips,
  grossMxn: formatHundredths(r.gross_cents),
  netMxn: formatHundredths(r.net_cents),
  onlineHours: formatHundredths(r.online_chours),
});

export const toSummary = (platform: Platform, from: string | null, to: string | null, t: EarningsTotals): EarningsSummary => ({
  platform,
  from,
  to,
  totals: {
    trips: t.trips,
    grossMxn: formatHundredths(t.gross_cents),
    netMxn: formatHundredths(t.net_cents),
    onlineHours: formatHundredths(t.online_chours),
    days: t.days,
  },
});
