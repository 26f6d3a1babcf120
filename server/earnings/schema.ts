import { z } from 'zod';
import { PageParams } from '../http/pagination.ts';
import { DateRange, fromNotAfterTo, IdQuery, PlatformQuery } from '../rides/schema.ts';

export const ListDailyEarningsQuery = PageParams.extend({
  platform: PlatformQuery,
  ...DateRange,
  driverId: IdQuery('driverId').optional(),
}).superRefine(fromNotAfterTo);
export type ListDailyEarningsQuery = z.infer<typeof ListDailyEarningsQuery>;

export const EarningsSummaryQuery = z.object({
  platform: PlatformQuery,
  ...DateRange,
  driverId: IdQuery('driverId').optional(),
}).superRefine(fromNotAfterTo);
export type EarningsSummaryQuery = z.infer<typeof EarningsSummaryQuery>;
