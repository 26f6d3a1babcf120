import { z } from 'zod';
import { Timestamp } from '../openapi/schemas.ts';

/**
 * Answers several control capabilities share, named once so the document (and a client generated
 * from it, in any language) has one type for each. A capability's own answers live beside it.
 */

export const Now = z.object({ now: Timestamp }).meta({ id: 'Now', description: 'La hora simulada tras la llamada (del servicio, o del mundo pedido).' });

export const NotSynced = z.object({
  task: z.enum(['registrations', 'invitations', 'bindings', 'bindings held', 'rides']).meta({ description: 'Lo que no se pudo leer o enviar: registros de vehículos, invitaciones, vínculos (enviados o mantenidos), viajes.' }),
  tenant: z.string().nullable().meta({ description: 'El mundo; null: la pasada de todos los mundos.' }),
  message: z.string(),
}).meta({ id: 'NotSynced', description: 'Una parte de la sincronización que falló (una plataforma caída, o una falla de plataforma de ese mundo): se intenta de nuevo en la próxima pasada.' });

export const NowSynced = Now.extend({
  notSynced: z.array(NotSynced).meta({ description: 'Lo que no se pudo sincronizar con las plataformas; vacío cuando todo se leyó.' }),
}).meta({ id: 'NowSynced', description: 'La hora simulada tras la llamada, y lo que no se pudo sincronizar con las plataformas.' });

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
export const answer = <T extends z.ZodType>(schema: T, description: string, headers?: z.ZodObject) => ({ schema, description, ...(headers && { headers }) });
