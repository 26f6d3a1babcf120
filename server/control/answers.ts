import { z } from 'zod';
import { Timestamp } from '../openapi/schemas.ts';

/**
 * Answers several control capabilities share, named once so the document (and a client generated
 * from it, in any language) has one type for each. A capability's own answers live beside it.
 */

export const Now = z.object({ now: Timestamp }).meta({ id: 'Now', description: 'La hora simulada tras la llamada (del servicio, o del mundo pedido).' });

const WorldSnapshotInfo = z
  .object({ name: z.string(), createdAt: Timestamp.meta({ description: 'La hora simulada al guardarla.' }), sizeBytes: z.number().int().min(0) })
  .meta({ id: 'WorldSnapshotInfo', description: 'Una instantánea de un mundo: su nombre, la hora simulada del mundo al guardarla y lo que ocupa.' });

export const WorldSnapshotList = z.object({ data: z.array(WorldSnapshotInfo) }).meta({ id: 'WorldSnapshotList' });

const SnapshotInfo = WorldSnapshotInfo.extend({
  takenAt: Timestamp.meta({ description: 'La hora real al guardarla: lo que ordena la lista, pues la simulada puede volver atrás.' }),
}).meta({ id: 'SnapshotInfo', description: 'Una instantánea del testbed entero.' });

export const SnapshotList = z.object({ data: z.array(SnapshotInfo) }).meta({ id: 'SnapshotList' });

export const Restored = z.object({ name: z.string(), now: Timestamp }).meta({ id: 'Restored', description: 'La instantánea restaurada y la hora simulada tras restaurarla.' });

export const SnapshotDeleted = z.object({ name: z.string(), deleted: z.literal(true) }).meta({ id: 'SnapshotDeleted' });

export const IdDeleted = z.object({ id: z.string(), deleted: z.literal(true) }).meta({ id: 'IdDeleted' });

export const DeletedCount = z.object({ deleted: z.number().int().min(0) }).meta({ id: 'DeletedCount', description: 'Cuántos se borraron.' });

/** A success's declaration: its schema, and a line for readers of the document. */
export const answer = <T extends z.ZodType>(schema: T, description: string) => ({ schema, description });
