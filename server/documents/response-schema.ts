import { z } from 'zod';
import { Id, Timestamp, dataListOf, type Assert, type Equals } from '../openapi/index.ts';
import type { Document as DocumentView } from './store.ts';

export const Document = z
  .object({
    id: Id,
    vehicleId: Id,
    type: z.string().meta({ description: 'circulation_card_front' }),
    status: z.enum(['submitted', 'failed']).meta({ description: 'failed: la plataforma rechazó el archivo.' }),
    contentType: z.string().meta({ description: 'image/jpeg o image/png, según el contenido del archivo (no su nombre).' }),
    sizeBytes: z.number().int().nullable(),
    submittedAt: Timestamp,
  })
  .meta({ id: 'Document' });

export const DocumentList = dataListOf(Document, 'DocumentList');

export type DocumentMatchesStore = Assert<Equals<z.output<typeof Document>, DocumentView>>;
