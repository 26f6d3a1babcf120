import { z } from 'zod';

/** Building blocks of the response schemas (`server/<resource>/response-schema.ts`). */

export const Id = z.uuid().meta({ example: '3f2a8c1e-5b7d-4e9f-a1c3-7d9e2b4f6a80' });
export const Timestamp = z.iso
  .datetime()
  .meta({ description: 'Fecha y hora UTC (ISO 8601), del reloj simulado.', example: '2026-03-02T15:00:00.000Z' });
export const NullableTimestamp = Timestamp.nullable();

/** `{data: T[], hasMore}` of every paged list (spec §4 Pagination, newest first: contract §3). */
export const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      hasMore: z.boolean().meta({ description: 'true si hay más elementos: pide la siguiente página con startingAfter = id del último.' }),
    })
    .meta({ id, description: 'Página de resultados, más recientes primero (createdAt, empate por id).' });

/** `{data: T[]}` of the short, non-paged lists (catalogs, a vehicle's registrations, history). */
export const dataListOf = <T extends z.ZodType>(item: T, id: string) => z.object({ data: z.array(item) }).meta({ id });

/** The ordering decision of contract §3, said on every paged list operation. */
export const LIST_DESCRIPTION = 'Lista paginada, más recientes primero (createdAt descendente; empates por id descendente).';
