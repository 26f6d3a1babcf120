import { z } from 'zod';
import { Id, type Assert, type Equals } from '../openapi/index.ts';
import { Day, Decimal, PlatformField } from '../rides/response-schema.ts';
import type { DailyEarnings as DailyView, EarningsSummary as SummaryView } from './view.ts';

export const DailyEarnings = z
  .object({
    id: Id,
    platform: PlatformField,
    date: Day,
    driverId: Id.nullable().meta({ description: 'null: los vehículos de platform_b sin conductor asignado ese día.' }),
    trips: z.number().int().nullable().meta({ description: 'Viajes completed.' }),
    grossMxn: Decimal('MXN brutos del día.').nullable(),
    netMxn: Decimal('MXN netos del día para el conductor.').nullable(),
    onlineHours: Decimal('Horas en línea, dos decimales.').nullable(),
  })
  .meta({ id: 'DailyEarnings' });

export const DailyEarningsPage = z
  .object({ data: z.array(DailyEarnings), hasMore: z.boolean() })
  .meta({ id: 'DailyEarningsPage', description: 'Página de días, más recientes primero (date, empate por id).' });

export const EarningsSummary = z
  .object({
    platform: PlatformField,
    from: Day.nullable(),
    to: Day.nullable(),
    totals: z.object({
      trips: z.number().int(),
      grossMxn: Decimal('Suma exacta de grossMxn de los días cubiertos.'),
      netMxn: Decimal('Suma exacta de netMxn de los días cubiertos.'),
      onlineHours: Decimal('Suma exacta de onlineHours de los días cubiertos.'),
      days: z.number().int().meta({ description: 'Días distintos con filas de ganancias en el rango.' }),
    }),
  })
  .meta({ id: 'EarningsSummary' });

export type DailyMatchesView = Assert<Equals<z.output<typeof DailyEarnings>, DailyView>>;
export type SummaryMatchesView = Assert<Equals<z.output<typeof EarningsSummary>, SummaryView>>;
