import { z } from 'zod';
import { Timestamp } from '../openapi/schemas.ts';

/**
 * Answers several control capabilities share, named once so the document (and a client generated
 * from it, in any language) has one type for each. A capability's own answers live beside it.
 */

export const Now = z.object({ now: Timestamp }).meta({ id: 'Now', description: 'La hora simulada tras la llamada (del servicio, o del mundo pedido).' });

export const SnapshotInfo = z
  .object({ name: z.string(), createdAt: Timestamp, sizeBytes: z.number().int().min(0) })
  .meta({ id: 'SnapshotInfo', description: 'Una instantánea: su nombre, la hora simulada al guardarla y lo que ocupa.' });

export const SnapshotList = z.object({ data: z.array(SnapshotInfo) }).meta({ id: 'SnapshotList' });

export const Restored = z.object({ name: z.string(), now: Timestamp }).meta({ id: 'Restored', description: 'La instantánea restaurada y la hora simulada tras restaurarla.' });

export const SnapshotDeleted = z.object({ name: z.string(), deleted: z.literal(true) }).meta({ id: 'SnapshotDeleted' });

export const IdDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'IdDeleted' });

export const DeletedCount = z.object({ deleted: z.number().int().min(0) }).meta({ id: 'DeletedCount', description: 'Cuántos se borraron.' });

/** A success's declaration: its schema, and a line for readers of the document. */
export const answer = <T extends z.ZodType>(schema: T, description: string) => ({ schema, description });
