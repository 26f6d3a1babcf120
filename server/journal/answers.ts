import { z } from 'zod';
import { Timestamp } from '../openapi/schemas.ts';

/** What the control API answers of a world's journal (journal/control.ts; the entry: view.ts). */

const Headers = z.record(z.string(), z.string());

const Message = z
  .object({
    headers: Headers.meta({ description: 'authorization muestra solo el prefijo de la clave.' }),
    body: z.unknown().meta({ description: 'JSON como JSON, otro texto como texto, un multipart como sus partes ({parts: [{name, filename, contentType, size, value?}]}); null sin cuerpo.' }),
    truncated: z.boolean().meta({ description: 'true si el cuerpo se cortó: pasaba de 64 KiB, o (body null) se dejó para caber en el límite de memoria del diario.' }),
  })
  .meta({ id: 'JournalMessage' });

export const JournalEntry = z
  .object({
    id: z.string().meta({ example: 'je_12' }),
    requestId: z.string(),
    at: Timestamp.meta({ description: 'La hora simulada del mundo al llegar.' }),
    method: z.string(),
    path: z.string(),
    query: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    operation: z.string().nullable().meta({ description: 'El operationId de /v1/openapi.json; null en una ruta que no tiene.' }),
    status: z.number().int().nullable().meta({ description: 'null: no hubo respuesta (una conexión cortada).' }),
    durationMs: z.number().min(0),
    keyId: z.string(),
    keyPrefix: z.string(),
    fault: z.string().nullable().meta({ description: 'La regla de falla que respondió, p. ej. flt_1.' }),
    request: Message,
    response: Message,
  })
  .meta({ id: 'JournalEntry' });

export const JournalPage = z
  .object({ data: z.array(JournalEntry), hasMore: z.boolean() })
  .meta({ id: 'JournalPage', description: 'startingAfter = id de la última entrada pide la página siguiente.' });

export const JournalHar = z
  .object({
    log: z.object({
      version: z.literal('1.2'),
      creator: z.object({ name: z.string(), version: z.string() }),
      pages: z.array(z.record(z.string(), z.unknown())),
      entries: z.array(z.record(z.string(), z.unknown())).meta({ description: 'Entradas HAR 1.2, la más antigua primero.' }),
    }),
  })
  .meta({ id: 'JournalHar' });
