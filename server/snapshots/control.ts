import { z } from 'zod';
import { defineControlOperation, type ControlCapability } from '../control/define.ts';
import { parseJsonBody } from '../http/parse.ts';
import { SNAPSHOT_NAME } from './files.ts';
import { controlBody } from '../control/schemas.ts';
import { answer, Now, Restored, SnapshotDeleted, SnapshotList } from '../control/answers.ts';
import { Timestamp } from '../openapi/schemas.ts';
import { mustBe } from '../common/schemas.ts';
import { AppError } from '../errors.ts';
import type { Services } from '../services.ts';

const SavedSnapshot = z.object({ name: z.string(), createdAt: Timestamp }).meta({ id: 'SavedSnapshot' });

export const SaveBody = controlBody({ name: z.string({ error: mustBe('name', 'texto', 'antes-de-pagar') }) });

/** The name the service checks (400 in its own words when it does not fit), shown in the document as its pattern. */
const NamePath = z.object({
  name: z.string().regex(SNAPSHOT_NAME).meta({ description: 'De 1 a 64 letras minúsculas, dígitos o guiones.', example: 'antes-de-pagar' }),
});

/**
 * A whole snapshot's 404, when a world has a snapshot by that name: the user meant that one (the
 * CLI's `snapshot restore NAME` without `--tenant`), so the answer says where it is.
 */
async function orWorldsOwn<T>(services: Services, name: string, call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const [tenantId] = err instanceof AppError && err.code === 'NOT_FOUND' ? services.worldSnapshots.worldsHolding(name) : [];
    if (tenantId === undefined) throw err;
    throw new AppError('NOT_FOUND', `La instantánea «${name}» no es de todo el testbed: es del mundo ${tenantId}. Úsala en ese mundo: /_testbed/tenants/${tenantId}/snapshots/${name} (en el CLI, --tenant ${tenantId}).`);
  }
}

/** `/_testbed/reset` and `/_testbed/snapshots…` (contract §4): the whole testbed as it was. */
export const snapshotsControl: ControlCapability = {
  tags: { Instantáneas: 'Volver al estado inicial, o guardar y restaurar el estado completo de los dos procesos.' },
  operations: [
    defineControlOperation({
      method: 'post', path: '/_testbed/reset', operationId: 'reset', tags: ['Instantáneas'],
      summary: 'Vuelve al estado de un directorio de datos nuevo',
      responses: { 200: answer(Now, 'La hora simulada del servicio tras volver al estado inicial.'), 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (_req, res, { services }) => {
        res.json(await services.world.reset(res));
      },
    }),
    defineControlOperation({
      method: 'get', path: '/_testbed/snapshots', operationId: 'listSnapshots', tags: ['Instantáneas'],
      summary: 'Las instantáneas guardadas',
      responses: { 200: answer(SnapshotList, 'Las instantáneas, más recientes primero.') },
      handler: (_req, res, { services }) => {
        res.json({ data: services.world.list() });
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/snapshots', operationId: 'saveSnapshot', tags: ['Instantáneas'],
      summary: 'Guarda el estado completo de los dos procesos',
      body: SaveBody,
      responses: { 201: answer(SavedSnapshot, 'La instantánea guardada.'), 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        const { name } = parseJsonBody(SaveBody, req);
        const saved = await services.world.save(res, name);
        res.status(201).json({ name: saved.name, createdAt: saved.createdAt });
      },
    }),
    defineControlOperation({
      method: 'post', path: '/_testbed/snapshots/{name}/restore', operationId: 'restoreSnapshot', tags: ['Instantáneas'],
      summary: 'Restaura una instantánea',
      params: NamePath,
      responses: { 200: answer(Restored, 'El testbed como estaba.'), 404: ['NOT_FOUND'], 409: ['CONFLICT'], 503: ['PLATFORM_UNAVAILABLE'] },
      handler: async (req, res, { services }) => {
        const name = String(req.params.name);
        res.json(await orWorldsOwn(services, name, () => services.world.restore(res, name)));
      },
    }),
    defineControlOperation({
      method: 'delete', path: '/_testbed/snapshots/{name}', operationId: 'deleteSnapshot', tags: ['Instantáneas'],
      summary: 'Borra una instantánea',
      params: NamePath,
      responses: { 200: answer(SnapshotDeleted, 'La instantánea olvidada.'), 404: ['NOT_FOUND'] },
      handler: async (req, res, { services }) => {
        const name = String(req.params.name);
        res.json(await orWorldsOwn(services, name, () => services.world.remove(name)));
      },
    }),
  ],
};
