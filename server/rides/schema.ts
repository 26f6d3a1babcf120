import { z } from 'zod';
import { PLATFORMS } from '../common/schemas.ts';
import { PageParams } from '../http/pagination.ts';
import { RIDE_STATUSES } from '../platforms/ride-feed.ts';
import { isCalendarDate } from '../lib/mexico-city.ts';

/** Required on every rides and earnings read: the two platforms' figures are never mixed. */
export const PlatformQuery = z
  .enum(PLATFORMS, { error: (issue) => (issue.input === undefined ? 'platform es obligatorio: platform_a o platform_b' : 'platform debe ser platform_a o platform_b') })
  .meta({ description: 'Obligatorio: de qué plataforma.' });

/**
 * Spec §2: dates are `YYYY-MM-DD`, years 0001 to 9999 (docs/decisions.md). Spelled with `[0-9]`, not
 * `\d` (some regex engines take other scripts' digits for `\d`), and without look-arounds, which
 * some schema-driven generators cannot read. `format: date` adds the length of each month.
 */
const YEAR = '(?:[0-9]{3}[1-9]|[0-9]{2}[1-9]0|[0-9][1-9]00|[1-9]000)';
export const DAY_PATTERN = `^${YEAR}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])$`;
const DAY_TEXT = new RegExp(DAY_PATTERN);

/** The pattern and `format: date` put in the document what the checks refuse; isCalendarDate refuses `2026-02-30` too. */
function DateQuery(field: 'from' | 'to') {
  const invalid = `${field} debe ser una fecha válida YYYY-MM-DD, de 0001-01-01 a 9999-12-31`;
  return z
    .string({ error: `${field} debe ser una fecha YYYY-MM-DD` })
    // abort: a text off the pattern gets one issue, as before the pattern, not a second one from the refine.
    .regex(DAY_TEXT, { error: invalid, abort: true })
    .refine(isCalendarDate, invalid)
    .meta({
      format: 'date',
      description: `Día calendario en hora de Ciudad de México (-06:00), ${field === 'from' ? 'desde' : 'hasta'}, incluido; ` +
        'años 0001 a 9999. `from` posterior a `to`: 400 VALIDATION.',
      example: '2026-03-01',
    });
}

export const IdQuery = (field: string) => z.uuid(`${field} debe ser un UUID`).transform((s) => s.toLowerCase());

/** `from` and `to` are inclusive Mexico City days; a window that ends before it starts is a mistake (400). */
export const DateRange = { from: DateQuery('from').optional(), to: DateQuery('to').optional() };

export function fromNotAfterTo(q: { from?: string; to?: string }, ctx: z.core.$RefinementCtx): void {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'from no puede ser posterior a to' });
  }
}

export const ListRidesQuery = PageParams.extend({
  platform: PlatformQuery,
  ...DateRange,
  driverId: IdQuery('driverId').optional(),
  vehicleId: IdQuery('vehicleId').optional(),
  status: z.enum(RIDE_STATUSES, { error: `status debe ser uno de: ${RIDE_STATUSES.join(', ')}` }).optional(),
}).superRefine(fromNotAfterTo);
export type ListRidesQuery = z.infer<typeof ListRidesQuery>;
