import { z } from 'zod';

/** Query strings arrive as text: accept only plain digits so "1e1" or "2.0" are not silently taken. */
export const LimitParam = z
  .string({ error: 'limit debe darse una sola vez, como número entero entre 1 y 100' })
  .regex(/^\d{1,4}$/, 'limit debe ser un número entero entre 1 y 100')
  .transform(Number)
  .pipe(z.number().int().min(1, 'limit debe ser al menos 1').max(100, 'limit debe ser como máximo 100'));

export const PageParams = z.object({
  limit: LimitParam.optional().default(25),
  // Ids are stored in lower case; a UUID is case-insensitive, so the cursor is compared in lower case.
  // JSON Schema cannot say "an id this list returned": the rule is in the description.
  startingAfter: z.uuid('startingAfter debe ser un UUID').transform((s) => s.toLowerCase()).optional().meta({
    description: 'El id de un elemento de esta misma lista (del mismo recurso y, en viajes y ganancias, de la misma plataforma): ' +
      'el del último de la página anterior. Un UUID que no nombra ningún elemento de la lista es 400 VALIDATION.',
  }),
});
