import { z } from 'zod';

/** Query strings arrive as text: accept only plain digits so "1e1" or "2.0" are not silently taken. */
const LimitParam = z
  .string()
  .regex(/^\d{1,4}$/, 'limit debe ser un número entero entre 1 y 100')
  .transform(Number)
  .pipe(z.number().int().min(1, 'limit debe ser al menos 1').max(100, 'limit debe ser como máximo 100'));

export const PageParams = z.object({
  limit: LimitParam.optional().default(25),
  // Ids are stored in lower case; a UUID is case-insensitive, so the cursor is compared in lower case.
  startingAfter: z.uuid('startingAfter debe ser un UUID').transform((s) => s.toLowerCase()).optional(),
});
